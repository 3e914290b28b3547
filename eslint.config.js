// A small rule set: mistakes a reader would call bugs, not style (prettier owns the style).
import globals from 'globals';

// Hosts the package runs in besides browsers and workers: WeChat mini-games, Cocos, LayaAir.
const gameHosts = { wx: 'readonly', WXWebAssembly: 'readonly', cc: 'readonly', Laya: 'readonly' };

export default [
  {
    ignores: [
      'build/',
      'dist/',
      '**/node_modules/',
      'test-results/',
      'tests/fixtures/',
      'tests/data/',
    ],
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      'no-undef': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  // The package's own modules run in browsers, workers and the game hosts; its Node entry points
  // (and nothing else) may use Node's globals.
  { files: ['js/**/*.js'], languageOptions: { globals: gameHosts } },
  {
    files: ['js/node.js', 'js/worker-node.js', 'js/worker/node.js', 'js/bin/**'],
    languageOptions: { globals: globals.node },
  },
  // Dev scripts and tests run in Node; browser tests also hand functions to the page.
  {
    files: ['js/tools/**', 'tests/**', 'demo/vite/vite.config.js', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
];
