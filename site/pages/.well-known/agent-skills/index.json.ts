// `/.well-known/agent-skills/index.json`: the Agent Skills Discovery index (0.2.0) of this site's APIs'
// skills, each with the SHA-256 digest of its SKILL.md. site/agents/skill.ts.
import type { APIRoute } from 'astro';
import { siteSkills } from '../../../agents/site-skills.ts';
import { skillsIndex } from '../../../agents/skill.ts';

export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(skillsIndex(await siteSkills()), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
