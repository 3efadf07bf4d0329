import coreWebVitals from "eslint-config-next/core-web-vitals";
import typescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

const config = [
  ...coreWebVitals,
  ...typescript,
  // Layout is Prettier's (`npm run format`); lint checks it with `prettier --check`.
  prettier,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "lib/db/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
      "sdk/dist/**",
      "sdk/src/schema.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // A form's send button waits for hydration (components/ui/submit-button.tsx): pressed in the server's HTML, the
    // browser would send the form itself, its fields in the address.
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/ui/submit-button.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name=/^(Button|SignButton|button)$/] > JSXAttribute[name.name='type'][value.value='submit']",
          message: "A send button is SubmitButton or SignSubmitButton (components/ui/submit-button.tsx): it waits for hydration.",
        },
      ],
    },
  },
  {
    // Module augmentation needs interfaces.
    files: ["types/**/*.d.ts"],
    rules: { "@typescript-eslint/consistent-type-definitions": "off" },
  },
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/app/*", "@/components/*"] }],
    },
  },
];

export default config;
