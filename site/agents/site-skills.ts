/**
 * The edge of the Agent Skills: each API of the site (site/apis/) as a skill, from its reference model
 * and its URLs (skill.ts, pure, called once per API), computed once per process for the
 * `/.well-known/agent-skills/` routes and llms.txt.
 */
import type { Api } from '../apis/api.ts';
import { site as apis } from '../config.ts';
import { referenceData } from '../reference/loaded-description.ts';
import { agentSkillPath } from './discovery.ts';
import { agentSkill, skillName } from './skill.ts';

/** One API's skill as the routes serve it. */
export interface SiteSkill {
  /** The id of its API. */
  api: string;
  name: string;
  description: string;
  /** The `SKILL.md` text. */
  markdown: string;
  /** Its URL path (`/.well-known/agent-skills/<name>/SKILL.md`). */
  url: string;
}

let skills: Promise<SiteSkill[]> | undefined;

/** One API's skill; `taken` holds the names already given (two APIs with one title get their ids). */
async function skillOf(api: Api, site: string, taken: Set<string>): Promise<SiteSkill> {
  const { model, loaded } = await referenceData(api);
  let name = skillName(api.title ?? model.title, api.id);
  if (taken.has(name)) name = skillName(`${name}-${api.id}`, api.id);
  taken.add(name);
  const servers = (loaded.document as { servers?: unknown[] }).servers;
  const skill = agentSkill(
    model,
    {
      site,
      apiBase: Array.isArray(servers) && servers.length > 0 ? model.sampleServer : null,
      mockBase: model.tryItTo.mock ? api.mockBase : null,
      descriptions: [api.downloads.json, api.downloads.yaml],
    },
    name,
  );
  return { ...skill, api: api.id, url: agentSkillPath(name) };
}

/**
 * The site's skills, one per API.
 * @param site the primary origin with a trailing slash (Astro's `site`): every link of a skill is absolute on it
 */
export function siteSkills(site: string = import.meta.env.SITE ?? 'http://localhost/'): Promise<SiteSkill[]> {
  skills ??= (async () => {
    const taken = new Set<string>();
    const out: SiteSkill[] = [];
    for (const api of apis.apis) out.push(await skillOf(api, site, taken));
    return out;
  })();
  return skills;
}
