// Test certificates made with the openssl CLI in a temp dir: a trusted test CA (passed with --ca-file), a second
// CA nobody trusts, and leaves with chosen names and validity windows (`openssl ca -startdate/-enddate`, which
// OpenSSL 3.0 has; `x509 -not_before` needs 3.4).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CONF = `[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca ]
default_ca = testca
[ testca ]
database = ./index.txt
new_certs_dir = .
serial = ./serial
default_md = sha256
policy = policy_any
unique_subject = no
[ policy_any ]
commonName = supplied
[ ca_ext ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ leaf_ext ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = $ENV::SAN
`;

export interface KeyPair {
  key: string;
  cert: string;
}

const DAY = 86_400_000;

/** `YYYYMMDDHHMMSSZ` (the GeneralizedTime form `openssl ca -startdate` takes). */
function stamp(offsetDays: number): string {
  return `${new Date(Date.now() + offsetDays * DAY).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** `openssl req` arguments that make a new P-256 key `<name>.key` (unencrypted) for the subject `subj`. */
function newKeyRequest(name: string, subj: string): string[] {
  return [
    'req',
    '-config',
    'ca.cnf',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-subj',
    subj,
  ];
}

export class TestPki {
  readonly dir: string;
  /** Path of the trusted test CA's PEM (what tests pass with --ca-file). */
  readonly caFile: string;
  readonly #env: NodeJS.ProcessEnv;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'docs-domains-tls-'));
    this.#env = { ...process.env, SAN: 'DNS:unused.test', OPENSSL_CONF: join(this.dir, 'ca.cnf') };
    writeFileSync(join(this.dir, 'ca.cnf'), CONF);
    for (const ca of ['ca', 'rogue']) {
      writeFileSync(join(this.dir, `${ca}.index.txt`), '');
      writeFileSync(join(this.dir, `${ca}.serial`), '1000\n');
      this.#openssl([
        ...newKeyRequest(ca, ca === 'ca' ? '/O=docs-domains tests/CN=Test Root CA' : '/CN=Rogue CA'),
        '-x509',
        '-out',
        `${ca}.pem`,
        '-days',
        '400',
        '-extensions',
        'ca_ext',
      ]);
    }
    this.caFile = join(this.dir, 'ca.pem');
  }

  #openssl(args: string[], san?: string): void {
    execFileSync('openssl', args, {
      cwd: this.dir,
      env: san ? { ...this.#env, SAN: san } : this.#env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }

  /**
   * A leaf for `names` (the first is the CN), valid from `fromDays` to `toDays` relative to now.
   * @param opts.ca `ca` (trusted by --ca-file), `rogue` (untrusted) or `self` (self-signed)
   */
  leaf(
    id: string,
    names: string[],
    opts: { fromDays?: number; toDays?: number; ca?: 'ca' | 'rogue' | 'self' } = {},
  ): KeyPair {
    const from = opts.fromDays ?? -1;
    const to = opts.toDays ?? 90;
    const ca = opts.ca ?? 'ca';
    const san = names.map((n) => `DNS:${n}`).join(',');
    const cn = names[0] ?? id;
    if (ca === 'self') {
      this.#openssl(
        [
          ...newKeyRequest(id, `/CN=${cn}`),
          '-x509',
          '-out',
          `${id}.pem`,
          '-days',
          String(to),
          '-extensions',
          'leaf_ext',
        ],
        san,
      );
    } else {
      this.#openssl([...newKeyRequest(id, `/CN=${cn}`), '-new', '-out', `${id}.csr`]);
      writeFileSync(join(this.dir, 'index.txt'), readFileSync(join(this.dir, `${ca}.index.txt`)));
      writeFileSync(join(this.dir, 'serial'), readFileSync(join(this.dir, `${ca}.serial`)));
      this.#openssl(
        [
          'ca',
          '-config',
          'ca.cnf',
          '-batch',
          '-notext',
          '-cert',
          `${ca}.pem`,
          '-keyfile',
          `${ca}.key`,
          '-in',
          `${id}.csr`,
          '-out',
          `${id}.pem`,
          '-startdate',
          stamp(from),
          '-enddate',
          stamp(to),
          '-extensions',
          'leaf_ext',
        ],
        san,
      );
      writeFileSync(join(this.dir, `${ca}.index.txt`), readFileSync(join(this.dir, 'index.txt')));
      writeFileSync(join(this.dir, `${ca}.serial`), readFileSync(join(this.dir, 'serial')));
    }
    return {
      key: readFileSync(join(this.dir, `${id}.key`), 'utf8'),
      cert: readFileSync(join(this.dir, `${id}.pem`), 'utf8'),
    };
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
