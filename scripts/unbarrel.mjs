// A Vite/rolldown plugin for the web build: `import { Button, DataTable } from 'react-admin'` becomes
// imports of the modules that define Button and DataTable, for our code and for the libraries whose
// own files import through barrels (react-admin, ra-core, ra-ui-materialui, @mui/material,
// @mui/system: MUI's components import the system's barrel, which made its Grid and Stack part of
// the public first load), and for react-i18next (only the registration forms use its Trans, which
// carries an HTML parser) and react-transition-group (the ripple needs only TransitionGroup; decision
// 0218).
//
// Why: a barrel module (an index that only re-exports) that the entry imports statically makes
// every module it re-exports part of the entry's static graph, and rolldown places chunks by that
// module graph, not by the names used: one screen's `DataTable` import made react-admin's lists,
// forms, filters and inputs (and react-dropzone, through FileInput) part of the back office's first
// load although only lazy screens use them. Past the barrels each module is reached only from where
// it is used, so lazy-only code stays in lazy chunks. The packages declare `sideEffects: false`, so
// skipping their index modules changes nothing at run time.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import MagicString from 'magic-string';
import { dirname, resolve as resolvePath } from 'node:path';

/** Packages whose barrels are bypassed (imports of them, and imports inside them). */
const PACKAGES = [
  'react-admin',
  'ra-core',
  'ra-ui-materialui',
  '@mui/material',
  '@mui/system',
  'react-i18next',
  'react-transition-group',
];
const IN_PACKAGE = new RegExp(
  `[\\\\/]node_modules[\\\\/](?:${PACKAGES.map((name) => name.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
);

// At the start of a line: MUI's warnings quote import statements inside string literals. Named
// re-exports too (`export { css, keyframes } from '@mui/system'` in MUI's zero-styled module).
const NAMED_IMPORT = /^[ \t]*(import|export)\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3;?/gm;

/** `a`, `a as b`, `type a` (dropped) -> [{ imported, local }]. */
function specifiers(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/).map((name) => name.trim());
      return { imported, local };
    });
}

/** A module's exports as written: local names, re-exports and `export *` sources. */
function parseExports(file) {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const local = new Set();
  const reexports = new Map(); // exported name -> { from, name }
  const stars = [];
  const imports = new Map(); // local binding -> { from, name }
  for (const match of code.matchAll(/import\s+(\w+)\s*(?:,\s*\{([^}]*)\})?\s*from\s*['"]([^'"]+)['"]/g)) {
    imports.set(match[1], { from: match[3], name: 'default' });
    for (const { imported, local: binding } of specifiers(match[2] ?? '')) {
      imports.set(binding, { from: match[3], name: imported });
    }
  }
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const { imported, local: binding } of specifiers(match[1]))
      imports.set(binding, { from: match[2], name: imported });
  }
  for (const match of code.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) stars.push(match[1]);
  for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*(from\s*['"]([^'"]+)['"])?/g)) {
    for (const { imported, local: exported } of specifiers(match[1])) {
      if (match[3]) reexports.set(exported, { from: match[3], name: imported });
      else if (imports.has(imported)) reexports.set(exported, imports.get(imported));
      else local.add(exported);
    }
  }
  for (const match of code.matchAll(
    /export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/g,
  )) {
    local.add(match[1]);
  }
  if (/export\s+default\b/.test(code)) local.add('default');
  return { local, reexports, stars };
}

/**
 * @param {{ resolveFile: (specifier: string, importer: string) => string | undefined }} options
 */
function createResolver({ resolveFile }) {
  const parsed = new Map();
  const exportsOf = (file) => {
    if (!parsed.has(file)) parsed.set(file, parseExports(file));
    return parsed.get(file);
  };
  /** Where `name`, exported by `file`, is defined: { file, name }, or undefined when unknown. */
  const definition = (file, name, seen = new Set()) => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const info = exportsOf(file);
    if (info.local.has(name)) return { file, name };
    const reexport = info.reexports.get(name);
    if (reexport) {
      const target = resolveFile(reexport.from, file);
      if (target) return definition(target, reexport.name, seen);
      // Another package's module (`export { css } from '@mui/styled-engine'`): import it from there.
      const bare = !reexport.from.startsWith('.') && !reexport.from.startsWith('/');
      return bare ? { file: reexport.from, name: reexport.name } : undefined;
    }
    if (name === 'default') return undefined;
    for (const star of info.stars) {
      const target = resolveFile(star, file);
      const found = target ? definition(target, name, seen) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const isBarrel = (file) => {
    const info = exportsOf(file);
    return info.stars.length > 0 || info.reexports.size > 0;
  };
  return { definition, isBarrel };
}

/** Resolves a bare or relative specifier to a file the way Node's ESM resolution would for these packages. */
function nodeResolver(root) {
  const cache = new Map();
  return (specifier, importer) => {
    const key = `${specifier}\0${specifier.startsWith('.') ? dirname(importer) : ''}`;
    if (cache.has(key)) return cache.get(key);
    let file;
    if (specifier.startsWith('.')) {
      file = resolvePath(dirname(importer), specifier);
      // react-transition-group's index names its modules without the extension.
      if (!/\.m?js$/.test(file)) file = existsSync(`${file}.js`) ? `${file}.js` : undefined;
    } else {
      const name = PACKAGES.find((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
      const subpath = name ? specifier.slice(name.length + 1) : '';
      if (name && (!subpath || name.startsWith('@mui/'))) {
        const dir = resolvePath(root, 'node_modules', name);
        const pkg = JSON.parse(readFileSync(resolvePath(dir, 'package.json'), 'utf8'));
        // MUI's exports map `@mui/material/styles` to `esm/styles/index.js` (a barrel too).
        const entry = name.startsWith('@mui/')
          ? `esm/${subpath ? `${subpath}/` : ''}index.js`
          : (pkg.module ?? 'dist/index.js');
        file = resolvePath(dir, entry);
      }
    }
    if (file) {
      try {
        file = realpathSync(file);
      } catch {
        file = undefined;
      }
    }
    cache.set(key, file);
    return file;
  };
}

/** @param {{ root: string }} options */
export function unbarrel({ root }) {
  const resolveFile = nodeResolver(root);
  const { definition, isBarrel } = createResolver({ resolveFile });
  return {
    name: 'afrivest:unbarrel',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0];
      const ours = /[\\/]src-(?:public|backoffice|shared)[\\/]/.test(file) && !file.includes('node_modules');
      if (!ours && !IN_PACKAGE.test(file)) return null;
      if (!/\.(?:[mc]?[jt]sx?)$/.test(file)) return null;
      const edited = new MagicString(code);
      for (const match of code.matchAll(NAMED_IMPORT)) {
        const replacement = rewrite(match[0], match[1], match[2], match[4]);
        if (replacement !== match[0])
          edited.overwrite(match.index, match.index + match[0].length, replacement);
      }
      return edited.hasChanged()
        ? { code: edited.toString(), map: edited.generateMap({ hires: true, source: file }) }
        : null;

      function rewrite(whole, keyword, list, specifier) {
        const target = resolveFile(specifier, file);
        if (!target || !isBarrel(target)) return whole;
        const kept = [];
        const direct = new Map();
        for (const { imported, local } of specifiers(list)) {
          const found = definition(target, imported);
          if (!found || found.file === target)
            kept.push(imported === local ? imported : `${imported} as ${local}`);
          else {
            const names = direct.get(found.file) ?? [];
            names.push(found.name === local ? local : `${found.name} as ${local}`);
            direct.set(found.file, names);
          }
        }
        if (direct.size === 0) return whole;
        const lines = [...direct].map(
          ([path, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(path)};`,
        );
        if (kept.length > 0)
          lines.push(`${keyword} { ${kept.join(', ')} } from ${JSON.stringify(specifier)};`);
        return lines.join(' ');
      }
    },
  };
}
