/**
 * The edge of the Agent Skills: this site's APIs (one today: the reference being built) as skills,
 * each from its reference model and its URLs (skill.ts, pure), computed once per process for the
 * `/.well-known/agent-skills/` routes and llms.txt.
 */
import { referenceApiId } from '../reference/api-id.ts';
import { mockBaseOf, referenceData } from '../reference/loaded-description.ts';
import { agentSkillPath } from './discovery.ts';
import { agentSkill, skillName } from './skill.ts';

/** One API's skill as the routes serve it. */
export interface SiteSkill {
  name: string;
  description: string;
  /** The `SKILL.md` text. */
  markdown: string;
  /** Its URL path (`/.well-known/agent-skills/<name>/SKILL.md`). */
  url: string;
}

let skills: Promise<SiteSkill[]> | undefined;

/**
 * The site's skills.
 * @param site the primary origin with a trailing slash (Astro's `site`): every link of a skill is absolute on it
 */
export function siteSkills(site: string = import.meta.env.SITE ?? 'http://localhost/'): Promise<SiteSkill[]> {
  skills ??= referenceData().then(({ model, loaded }) => {
    const name = skillName(model.title, referenceApiId());
    const servers = (loaded.document as { servers?: unknown[] }).servers;
    const skill = agentSkill(
      model,
      {
        site,
        apiBase: Array.isArray(servers) && servers.length > 0 ? model.sampleServer : null,
        mockBase: model.tryItTo.mock ? mockBaseOf() : null,
        descriptions: ['/openapi.json', '/openapi.yaml'],
      },
      name,
    );
    return [{ ...skill, url: agentSkillPath(name) }];
  });
  return skills;
}
