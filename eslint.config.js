import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The staff area's seams: a resource folder imports no other resource's files, only the shared
 * folders (`shared`, in order: a folder imports none of the later ones, nor any resource).
 */
function seams(root, resources, shared) {
  const restrict = (names) => ({
    'no-restricted-imports': ['error', { patterns: [{ group: names.flatMap((n) => [`../${n}`, `../${n}/**`]), message: `${root}: one resource's files are its own; move what several use to ${shared.join('/ or ')}/.` }] }],
  });
  return [
    ...resources.map((resource) => ({ files: [`${root}/${resource}/**`], rules: restrict(resources.filter((r) => r !== resource)) })),
    ...shared.map((folder, i) => ({ files: [`${root}/${folder}/**`], rules: restrict([...resources, ...shared.slice(i + 1)]) })),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'prisma/generated/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Command-line entry points (dev runner, emulators, benchmarks, e2e harness) print to the terminal on purpose.
    files: ['dev/**', 'emulators/**', 'bench/**', 'e2e/**', 'prisma/seed.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  ...seams('api/src/modules/staff', ['today', 'requests', 'deals', 'calendar', 'customers', 'sessions', 'team'], ['common']),
  ...seams('web/src/features/staff', ['today', 'requests', 'calendar', 'customers', 'sessions', 'team', 'managed-lists'], ['common', 'frame']),
);
