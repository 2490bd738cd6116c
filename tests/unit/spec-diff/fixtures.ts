// Small description pairs for the spec-diff tests: a base written as YAML text, and edits that make a head.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { diffDescriptions } from '../../../tools/spec-diff/core/run.ts';
import type { Report } from '../../../tools/spec-diff/core/types.ts';
import { loadFile } from '../../../tools/spec-diff/load.ts';

export const BASE = `openapi: 3.0.3
info:
  title: Shop
  version: 1.0.0
paths:
  /items:
    get:
      operationId: listItems
      summary: List items
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
        - name: status
          in: query
          schema:
            $ref: "#/components/schemas/Status"
      responses:
        "200":
          description: The items.
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "#/components/schemas/Item"
    post:
      operationId: createItem
      summary: Create an item
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/Item"
      responses:
        "201":
          description: Created.
  /items/{id}:
    get:
      operationId: getItem
      summary: Get an item
      deprecated: true
      x-deprecated-sunset: "2027-06-30"
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: integer
      responses:
        "200":
          description: The item.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Item"
    delete:
      operationId: deleteItem
      summary: Delete an item
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: integer
      responses:
        "204":
          description: Deleted.
  /colors:
    get:
      operationId: listColors
      summary: List colors
      responses:
        "200":
          description: The colors.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Color"
components:
  schemas:
    Status:
      type: string
      enum: [new, used, broken]
    Color:
      type: string
      enum: [red, green, blue]
    Item:
      type: object
      properties:
        name:
          type: string
        status:
          $ref: "#/components/schemas/Status"
`;

/** The base with `edit` applied to its YAML document (comments and layout kept). */
export function edited(edit: (doc: ReturnType<typeof parseDocument>) => void, base = BASE): string {
  const doc = parseDocument(base);
  edit(doc);
  return doc.toString();
}

/**
 * Compares base and head texts as the CLI does (through files and the shared loader; build date 2026-11-25 and
 * notice period 90 days unless given).
 */
export async function diff(
  head: string,
  opts: { buildDate?: string; noticeDays?: number; base?: string } = {},
): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-unit-'));
  try {
    writeFileSync(join(dir, 'base.yaml'), opts.base ?? BASE);
    writeFileSync(join(dir, 'head.yaml'), head);
    const b = await loadFile(join(dir, 'base.yaml'), 'base.yaml');
    const h = await loadFile(join(dir, 'head.yaml'), 'head.yaml');
    return diffDescriptions(b, h, {
      buildDate: opts.buildDate ?? '2026-11-25',
      noticeDays: opts.noticeDays ?? 90,
      baseLabel: 'base.yaml',
      headFile: 'head.yaml',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The codes of a report's changes, with their decisions: `operation-removed:fail`. */
export function codes(r: Report): string[] {
  return r.changes.map((c) => `${c.code}:${c.decision}`);
}

/** 1-based line of the first line of `text` that contains `needle` (after `from`). */
export function lineOf(text: string, needle: string, from = 0): number {
  const lines = text.split('\n');
  for (let i = from; i < lines.length; i++) if (lines[i]?.includes(needle)) return i + 1;
  throw new Error(`not found: ${needle}`);
}
