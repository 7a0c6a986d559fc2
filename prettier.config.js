/**
 * One formatter so nobody argues about layout; `npm run lint` fails on an unformatted file and
 * `npm run format` fixes it. 140 columns: the width the code was already written to. The Tailwind
 * plugin sorts class lists in Tailwind's own order (v4 reads the theme from the stylesheet).
 */
export default {
  printWidth: 140,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./src/app/globals.css",
  tailwindFunctions: ["classNames"],
};
