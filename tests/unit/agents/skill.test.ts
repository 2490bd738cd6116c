// The Agent Skill of an API (site/agents/skill.ts): valid against the format's rules (agentskills.io:
// name, description, folder, body size), every section an agent needs, operations by tag linked to
// their twins, a large API kept under the recommended size, and the discovery index with digests.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  agentSkill,
  estimateTokens,
  SKILL_BODY_MAX_TOKENS,
  SKILLS_INDEX_SCHEMA,
  skillName,
  skillProblems,
  skillsIndex,
} from '../../../site/agents/skill.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { writtenSpec } from '../../support/spec.ts';

const URLS = {
  site: 'https://docs.example.com/',
  apiBase: 'https://petstore.example.com/v1',
  mockBase: '/api/mock',
  descriptions: ['/openapi.json', '/openapi.yaml'],
};

describe('the Agent Skill of the Petstore', () => {
  const model = buildReferenceModel(writtenSpec() as never, { buildDate: '2026-11-27' });
  const skill = agentSkill(model, URLS, skillName(model.title, 'default'));

  test('valid: name, description, folder, and a body under the recommended 5,000 tokens', () => {
    assert.equal(skill.name, 'petstore-api');
    assert.deepEqual(skillProblems(skill.markdown, 'petstore-api'), []);
    assert.ok(estimateTokens(skill.markdown) < SKILL_BODY_MAX_TOKENS);
    assert.match(skill.markdown, /^---\nname: petstore-api\ndescription: "Call the Petstore API \(version 1\.0\.0\)/);
  });

  test('base URL, authentication, errors with codes, pagination, limits, stability and deprecation', () => {
    const md = skill.markdown;
    for (const heading of [
      'Base URL',
      'Authentication',
      'Errors',
      'Pagination',
      'Limits',
      'Stability and deprecation',
      'Operations',
    ]) {
      assert.match(md, new RegExp(`^## ${heading}$`, 'm'), heading);
    }
    assert.match(md, /`https:\/\/petstore\.example\.com\/v1`/);
    assert.match(md, /`https:\/\/docs\.example\.com\/api\/mock`/);
    assert.match(md, /`bearerAuth`: Authorization: Bearer <token>/);
    assert.match(md, /`PETSTORE_TOKEN`/, 'the variable the code samples read');
    assert.match(md, /^- 404 \(\d+ operations\): `not_found`$/m);
    assert.match(md, /^- 409 \(\d+ operations\): .*`resource_in_use`/m);
    assert.match(md, /Query parameter `limit` \(≥ 1, ≤ 100\)/);
    assert.match(md, /`Retry-After`/);
    assert.match(
      md,
      /Deprecated: `GET \/pets\/\{petId\}`, removed after 2027-06-30; use `GET \/pets` \(`listPets`\) instead/,
    );
    assert.match(md, /Beta \(may change without notice\): `GET \/store\/inventory`/);
  });

  test('every operation under its tag, linked to its Markdown twin by absolute URL', () => {
    assert.match(skill.markdown, /^### Pets: Animals$/m);
    for (const op of model.operations) {
      const twin = `https://docs.example.com${op.url.replace(/\/$/, '.md')}`;
      assert.ok(skill.markdown.includes(`\`${op.method} ${op.path}\` \`${op.operationId}\`:`), op.operationId);
      assert.ok(skill.markdown.includes(`](${twin})`), twin);
    }
    assert.doesNotMatch(skill.markdown, /\]\(\/[^/]/, 'no root-relative link');
  });

  test('the discovery index: name, type, description, URL and the SHA-256 of the SKILL.md', () => {
    const index = skillsIndex([skill]);
    assert.equal(index.$schema, SKILLS_INDEX_SCHEMA);
    assert.deepEqual(index.skills, [
      {
        name: 'petstore-api',
        type: 'skill-md',
        description: skill.description,
        url: '/.well-known/agent-skills/petstore-api/SKILL.md',
        digest: `sha256:${createHash('sha256').update(skill.markdown).digest('hex')}`,
      },
    ]);
  });
});

describe('skills of other APIs', () => {
  test('names: lowercase, single hyphens, at most 64 characters; the id when the title has none', () => {
    assert.equal(skillName('Acme  Payments — API v2', 'x'), 'acme-payments-api-v2');
    assert.equal(skillName('Ünïcödé', 'x'), 'unicode');
    assert.equal(skillName('???', 'billing'), 'billing');
    const long = skillName('word '.repeat(30), 'x');
    assert.ok(long.length <= 64 && !long.endsWith('-'), long);
  });

  test('a large API lists its tags (with links) instead of every operation, and stays under 5,000 tokens', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) {
      paths[`/things/${i}/items`] = {
        get: {
          tags: [`Tag ${i % 40}`],
          operationId: `listItemsOfThing${i}`,
          summary: `List the items of thing number ${i}`,
          responses: { '200': { description: 'ok' } },
        },
      };
    }
    const model = buildReferenceModel({ openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths } as never, {
      buildDate: '2026-11-27',
    });
    const skill = agentSkill(model, { ...URLS, apiBase: null, mockBase: null }, 'big');
    assert.deepEqual(skillProblems(skill.markdown, 'big'), []);
    assert.match(skill.markdown, /600 operations, too many to list here/);
    assert.match(skill.markdown, /^- Tag 0 \(15\): https:\/\/docs\.example\.com\/reference\/tags\/tag-0\.md$/m);
    assert.match(skill.markdown, /The description names no server/);
  });

  test('the rules catch a wrong name, folder, field, description or size', () => {
    const front = (fields: string, body = 'x') => `---\n${fields}\n---\n${body}\n`;
    assert.deepEqual(skillProblems(front('name: a-b\ndescription: d'), 'a-b'), []);
    assert.match(skillProblems(front('name: A_b\ndescription: d'), 'A_b').join(), /lowercase letters/);
    assert.match(skillProblems(front('name: a--b\ndescription: d'), 'a--b').join(), /single hyphens/);
    assert.match(skillProblems(front('name: a\ndescription: d'), 'b').join(), /differs from its folder/);
    assert.match(skillProblems(front('name: a\ndescription: d\nauthor: me'), 'a').join(), /author: not a field/);
    assert.match(skillProblems(front(`name: a\ndescription: ${'d'.repeat(1025)}`), 'a').join(), /over 1024/);
    assert.match(skillProblems(front('name: a\ndescription: d', 'w'.repeat(21_000)), 'a').join(), /over the 5000/);
    assert.match(skillProblems('# no front matter', 'a').join(), /no YAML front matter/);
  });
});
