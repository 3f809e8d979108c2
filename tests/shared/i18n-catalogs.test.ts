import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../src-shared/constants/enums';
import { resources } from '../../src-shared/i18n/catalogs';

type Catalog = { [key: string]: string | Catalog };
const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
const NAMESPACES = ['common', 'backoffice'] as const;
const ROOT = resolve(import.meta.dirname, '../..');

/** Every leaf of a catalog as `a.b.c` -> value. */
function flatten(catalog: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (catalog === null || typeof catalog !== 'object') {
    out.set(prefix, catalog);
    return out;
  }
  for (const [key, value] of Object.entries(catalog as Catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [leaf, leafValue] of flatten(value, path)) out.set(leaf, leafValue);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

function catalog(lang: (typeof LANGUAGES)[number], ns: (typeof NAMESPACES)[number]): unknown {
  return resources[lang][ns];
}

describe('i18n catalogs', () => {
  for (const ns of NAMESPACES) {
    const reference = flatten(catalog('en', ns));

    for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
      it(`${lang}/${ns}.json has exactly the keys of en/${ns}.json`, () => {
        const keys = [...flatten(catalog(lang, ns)).keys()].sort();
        expect(keys).toEqual([...reference.keys()].sort());
      });

      it(`${lang}/${ns}.json uses the same {{placeholders}} as English`, () => {
        const translated = flatten(catalog(lang, ns));
        const mismatches = [...reference.entries()]
          .filter(([key]) => translated.has(key))
          .filter(([key, value]) => placeholders(value).join() !== placeholders(translated.get(key)).join())
          .map(([key]) => key);
        expect(mismatches).toEqual([]);
      });
    }

    for (const lang of LANGUAGES) {
      it(`${lang}/${ns}.json has no empty or non-string values`, () => {
        const bad = [...flatten(catalog(lang, ns)).entries()]
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => key);
        expect(bad).toEqual([]);
      });
    }
  }

  it('the public site catalog is not empty', () => {
    expect(flatten(catalog('en', 'common')).size).toBeGreaterThan(100);
  });

  it('every literal key the public site passes to t() exists in en/common.json', () => {
    const keys = flatten(catalog('en', 'common'));
    const has = (key: string) => keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry)) files.push(path);
      }
    };
    walk(join(ROOT, 'src-public'));
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const literal = /\bt\(\s*'([a-zA-Z][\w.-]*)'/g;
      const keyProperty = /\b(?:labelKey|titleKey|noteKey|subjectKey):\s*'([a-zA-Z][\w.-]*)'/g;
      const keyConstant = /'((?:auth|investor)\.[a-zA-Z][\w.-]*\.[\w.-]+)'/g;
      for (const pattern of [literal, keyProperty, keyConstant]) {
        for (const match of source.matchAll(pattern)) {
          const key = match[1] ?? '';
          checked += 1;
          if (!has(key)) missing.push(`${file.slice(ROOT.length + 1)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  // The investor's transactions and the back office's ledger name each ledger kind: a kind without
  // a name showed its raw value ("instalment", "recovery") on the dashboard.
  const KIND_NAMES = [
    ['investor transactions', 'common', 'investor.transactions.kinds'],
    ['back office', 'backoffice', 'app.enums.ledgerKind'],
  ] as const;
  for (const [where, ns, prefix] of KIND_NAMES) {
    it(`every ledger kind has a name in the ${where} of each language`, () => {
      const missing = LANGUAGES.flatMap((lang) => {
        const keys = flatten(catalog(lang, ns));
        return LEDGER_KINDS.filter((kind) => !keys.has(`${prefix}.${kind}`)).map(
          (kind) => `${lang}: ${kind}`,
        );
      });
      expect(missing).toEqual([]);
    });
  }
});
