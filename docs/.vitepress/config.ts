// The documentation site: `npm run docs:dev` serves it, `npm run docs:build` writes docs/.vitepress/dist.
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitepress';

type SidebarItem = { text: string; link?: string; items?: SidebarItem[]; collapsed?: boolean };

/** The API pages' sidebar, written by TypeDoc (`npm run docs:api`); empty before it has run. */
function apiSidebar(): SidebarItem[] {
  const file = new URL('../api/typedoc-sidebar.json', import.meta.url);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SidebarItem[]) : [];
}

const guide: SidebarItem[] = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Running in CI', link: '/guide/ci' },
      { text: 'Troubleshooting', link: '/guide/troubleshooting' },
    ],
  },
  {
    text: 'Writing tests',
    items: [
      { text: 'Apps, waits and readiness', link: '/guide/writing-tests' },
      { text: 'Keys and typing', link: '/guide/keys' },
      { text: 'Several apps and shells', link: '/guide/apps-and-shells' },
      { text: 'Locators and the mouse', link: '/guide/locators' },
      { text: 'Assertions', link: '/guide/assertions' },
      { text: 'Screenshots and baselines', link: '/guide/screenshots' },
      { text: 'Glyphs and fonts', link: '/guide/glyphs-and-fonts' },
      { text: 'Recordings and failure reports', link: '/guide/recordings' },
      { text: 'Debugging', link: '/guide/debugging' },
    ],
  },
  {
    text: 'Beyond tests',
    items: [
      { text: 'Agents', link: '/guide/agents' },
      { text: 'Generating tests', link: '/guide/codegen' },
      { text: 'The MCP server', link: '/guide/mcp' },
      { text: 'Command line', link: '/guide/cli' },
    ],
  },
  {
    text: 'More',
    items: [
      { text: 'Migrating', link: '/guide/migrating' },
      { text: 'Speed', link: '/guide/speed' },
    ],
  },
  {
    text: 'Internals',
    collapsed: true,
    items: [
      { text: 'How it works', link: '/internals/how-it-works' },
      { text: 'Readiness and teardown', link: '/internals/readiness-and-teardown' },
      { text: 'What the terminal answers', link: '/internals/terminal-answers' },
      { text: 'Drawing glyphs', link: '/internals/drawing-glyphs' },
      { text: 'How the agent reads replies', link: '/internals/agent-replies' },
      { text: 'How codegen writes steps', link: '/internals/codegen-steps' },
      { text: 'Working on tmux-shot', link: '/internals/contributing' },
    ],
  },
];

export default defineConfig({
  title: 'tmux-shot',
  // No favicon of our own: an empty one, so browsers do not ask the host for /favicon.ico (a 404).
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  description: 'Test terminal apps like web pages: real TUIs in a private tmux server.',
  cleanUrls: true,
  lastUpdated: false,
  markdown: { theme: { light: 'github-light', dark: 'github-dark' } },
  // The local search index is one chunk of ~1 MB: expected, not a problem to warn about.
  vite: { build: { chunkSizeWarningLimit: 2000 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'API', link: '/api/' },
      { text: 'Changelog', link: '/changelog' },
    ],
    sidebar: {
      '/guide/': guide,
      '/internals/': guide,
      '/api/': [{ text: 'API reference', link: '/api/', items: apiSidebar() }],
    },
    outline: [2, 3],
    search: { provider: 'local' },
  },
});
