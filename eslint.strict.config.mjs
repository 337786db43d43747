// Our stricter lint for what ships (npm run lint:strict): nodes/, credentials/ and package.json with the
// community plugin's recommended rules, n8n-nodes-base's node/credential/community sets and no-console, as
// @n8n/node-cli's template (eslint.config.mjs, run by `n8n-node lint`) does, plus what the template turns off:
// the credential rule cred-class-field-type-options-password-missing. docs/DEVELOPING.md, "Lint".
import eslint from '@eslint/js';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', '.build/**', 'node_modules/**', 'test/**', 'emulator/**', 'bench/**', 'scripts/**', 'examples/**', '*.js', '*.mjs'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [eslint.configs.recommended, tseslint.configs.recommended, communityNodes.configs.recommended],
		rules: {
			'no-console': 'error',
			'prefer-spread': 'off',
		},
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase, '@n8n/community-nodes': communityNodes },
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		rules: {
			...n8nNodesBase.configs.community.rules,
			...Object.fromEntries(
				Object.entries(communityNodes.configs.recommended.rules).filter(([name]) =>
					[
						'no-runtime-dependencies',
						'valid-peer-dependencies',
						'no-overrides-field',
						'no-forbidden-lifecycle-scripts',
						'n8n-object-validation',
						'package-name-convention',
						'no-template-placeholders',
						'require-version',
						'valid-author',
						'valid-description',
						'require-files-array',
						'require-homepage',
						'node-registration-complete',
						'ai-node-package-json',
					].some((rule) => name.endsWith(`/${rule}`)),
				),
			),
		},
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
