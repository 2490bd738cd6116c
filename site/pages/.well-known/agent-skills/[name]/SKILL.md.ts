// `/.well-known/agent-skills/<name>/SKILL.md`: the Agent Skill of each API (agentskills.io), in a folder
// named like the skill. site/agents/skill.ts.
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteSkills } from '../../../../agents/site-skills.ts';

export const getStaticPaths = (async () =>
  (await siteSkills()).map((s) => ({
    params: { name: s.name },
    props: { markdown: s.markdown },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.markdown as string, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
