// This folder never ships: ordinary TypeScript rules (../eslint.dev.config.mjs), not n8n's Cloud rules.
// ESLint finds this file first for the files below it when config lookup from file is on (npm run lint:n8n).
export { default } from '../eslint.dev.config.mjs';
