/** report/'s options and their defaults. */

/** Options of {@link buildIndex}. */
export interface IndexOptions {
  /** The page's heading and title. @default 'tmux-shot reports' */
  title?: string;
}

/** Defaults of the run's report index page (`IndexOptions`, src/report/build-index.ts). */
export const REPORT_INDEX = {
  /** The page's heading and title. @default 'tmux-shot reports' */
  title: 'tmux-shot reports',
} as const satisfies Required<IndexOptions>;
