/**
 * `docs-domains records`: prints the DNS records to create for the config (a CNAME per subdomain, ALIAS/ANAME or
 * the A/AAAA values for an apex, the CAA records the CAs need where the zone already restricts CAA), as a zone-file
 * snippet, a table or JSON. Exit codes: 0 printed, 2 usage error, unreadable or invalid config.
 */
import { Option } from 'commander';
import { createResolver } from '../core/dns/client.ts';
import { DEFAULT_CAS, parseCa } from '../groups/dns/options.ts';
import { formatPlanJson, formatTable, formatZone } from '../records/format.ts';
import { gatherPlan } from '../records/gather.ts';
import { addCommonOptions, type CommonOptions, resolveInputs } from './inputs.ts';
import { argParser, collect, type DefineCommand } from './shared.ts';

/** The options of `records`, as commander parses them. */
export interface RecordsOptions extends CommonOptions {
  /** `--ca`, repeatable: the certificate authorities the platform uses (default {@link DEFAULT_CAS}). */
  ca?: string[];
  /** `--format`: a zone-file snippet (default) or a table as DNS providers ask for it. */
  format: 'zone' | 'table';
  /** `--json`: the plan as JSON. */
  json?: boolean;
}

/** Adds `records` to the program. */
export const defineRecords: DefineCommand = (program, { io, setExit, defaultConfig }) => {
  const records = addCommonOptions(
    program
      .command('records')
      .description(
        'Print the DNS records to create for the config: a CNAME per subdomain, ALIAS/ANAME (or the A/AAAA values) for an apex, and the CAA records the CAs need where the zone already restricts CAA.',
      )
      .argument('[domain...]', 'domains (default: the primary and every redirect `from` of the config)'),
    defaultConfig,
  )
    .option(
      '--ca <issuer-domain>',
      `a certificate authority the platform uses; repeat for several (default: ${DEFAULT_CAS.join(', ')})`,
      collect(argParser(parseCa)),
    )
    .addOption(
      new Option('--format <format>', 'zone: a zone-file snippet; table: a table as DNS providers ask for it')
        .choices(['zone', 'table'])
        .default('zone'),
    )
    .option('--json', 'print {ok, target, records[{domain, name, label, type, ttl, value, use, why}], notes[]}');
  records.addHelpText(
    'after',
    `
Examples:
  npx docs-domains records
  npx docs-domains records --format table
  npx docs-domains records docs.example.com --target petstore-docs.platform-hosting.example.net --json

Exit codes: 0 printed, 2 usage error, unreadable or invalid config.`,
  );
  records.action(async (args: string[], opts: RecordsOptions) => {
    const inputs = await resolveInputs(args, opts, records.getOptionValueSource('config') === 'cli', io);
    const dns = createResolver(inputs.resolvers, { timeoutMs: opts.timeout, retries: opts.retries });
    const cas = opts.ca?.length ? [...new Set(opts.ca)] : DEFAULT_CAS;
    const plan = await gatherPlan(dns, { target: inputs.target, domains: inputs.domains, cas });
    io.stdout.write(opts.json ? formatPlanJson(plan) : opts.format === 'table' ? formatTable(plan) : formatZone(plan));
    setExit(0);
  });
  return records;
};
