// Lint of the app (src/) and the service worker (sw/). Its main job is the import boundaries of
// ARCHITECTURE.md, enforced so they hold without anyone remembering them:
//   lib / components / db  →  features  →  routes / app
// and a feature never imports another feature (a route composes them).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const FEATURES_DIR = new URL('./src/features/', import.meta.url);

/** Every folder under src/features, read at lint time so a new feature is covered on creation. */
export function featureNames(dir = FEATURES_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The `import-x/no-restricted-paths` zones; exported so a test can check what they cover. */
export function boundaryZones(features = featureNames()) {
  return [
    // A feature may import only from itself among the features.
    ...features.map((name) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'A feature does not import another feature: move the shared part to src/lib or src/components, or compose both in a route.',
    })),
    // Features stand below the routes and the app shell.
    {
      target: './src/features',
      from: ['./src/routes', './src/app'],
      message: 'Features do not import routes or the app shell: imports flow lib/components/db → features → routes/app.',
    },
    // The shared layers stand below everything else.
    {
      target: ['./src/lib', './src/components', './src/db'],
      from: ['./src/features', './src/routes', './src/app'],
      message: 'Shared code (lib, components, db) does not import features, routes or the app shell.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: ['src/routeTree.gen.ts', 'dist/**', 'dist-*/**', 'dev-dist/**'],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
      reactHooks.configs.flat.recommended,
    ],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Vite's virtual modules (virtual:pwa-register/react) exist only inside the build.
      'import-x/ignore': ['^virtual:'],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }],
      'import-x/no-cycle': 'error',
      // TypeScript already checks these, and they cost most of the lint time.
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // TypeScript's noUnusedLocals/noUnusedParameters report these; `_`-prefixed stays allowed.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
