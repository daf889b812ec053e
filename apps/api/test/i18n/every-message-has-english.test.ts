import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { localize } from '@app/shared/i18n';
import { describe, expect, it } from 'vitest';

const SOURCE = join(import.meta.dirname, '../../src');
const SHARED = join(import.meta.dirname, '../../../../packages/shared/src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// The French sentences an answer can carry: an AppError's message, an error helper's
// (badRequest, notFound…, fieldError's second argument), a `message:` (either side of a ternary)
// and a message constant. A sentence starts with a capital and holds a space.
const MESSAGE_LITERALS = [
  /AppError\([^,]+,\s*'[A-Z_]+',\s*'([^']+)'/g,
  /\b(?:badRequest|notFound|forbidden|conflict|unauthorized)\(\s*'([^']+)'/g,
  /\bfieldError\([^,]+,\s*'([^']+)'/g,
  /message:\s*(?:[^'\n]*\?\s*)?'([^']+)'(?:\s*:\s*'([^']+)')?/g,
  /const [A-Z_]+ = '([^']+)'/g,
];

describe('the API’s messages', () => {
  it('every French message written in the API has its English form', () => {
    const untranslated: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of MESSAGE_LITERALS) {
        for (const match of text.matchAll(pattern)) {
          for (const message of match.slice(1)) {
            if (!message || !/^[A-ZÀ-Ý].* /.test(message)) continue;
            if (localize(message, 'en') === message) untranslated.push(`${relative(SOURCE, file)}: ${message}`);
          }
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('every entry of a shared `*_MESSAGES` table has its English form', async () => {
    const untranslated: string[] = [];
    let entries = 0;
    for (const file of readdirSync(SHARED).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module: Record<string, unknown> = await import(join(SHARED, file));
      for (const [name, table] of Object.entries(module)) {
        if (!name.endsWith('_MESSAGES') || typeof table !== 'object' || table === null) continue;
        for (const [key, message] of Object.entries(table)) {
          if (typeof message !== 'string') continue;
          entries += 1;
          if (localize(message, 'en') === message) untranslated.push(`${file} ${name}.${key}: ${message}`);
        }
      }
    }
    expect(entries).toBeGreaterThan(30);
    expect(untranslated).toEqual([]);
  });
});
