// Replaced at compile time by scripts/catalogues-digest.ts (vite.config.ts and the test configs).
declare const __CATALOGUES_DIGEST__: string;
