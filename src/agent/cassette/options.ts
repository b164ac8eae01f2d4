/** The options of a test's cassette session ({@link CassetteSession.open}) and their defaults. */
import type { ModelConnection } from '../openai-client.js';
import type { Divergence, ModelBudget } from './clients.js';
import type { CassetteStore } from './format.js';
import type { CassetteMode } from './mode.js';
import type { CassetteTally } from './tally.js';

/** Options of {@link CassetteSession.open}. */
export interface CassetteSessionOptions {
  /** Absolute path of the test's cassette. */
  path: string;
  /** The test's full name (`describe > test`), written into the cassette. */
  testName: string;
  store: CassetteStore;
  /** The resolved mode (see `resolveCassetteMode`). */
  mode: CassetteMode;
  /** On a replayed step whose screen differs: fail (`strict`) or continue live (`fallthrough`). @default 'strict' */
  divergence?: Divergence;
  /** Connects to the model, only when one is needed. @throws {ConfigError} when none is configured. */
  connect: () => Promise<ModelConnection>;
  /**
   * Screen text → normalized text for digests: the built-in masks and `masks` applied, trailing
   * spaces dropped (screen/'s `normalizeText`, which agent/ may not import).
   */
  normalize: (text: string, masks: readonly RegExp[]) => string;
  /** The test's own masks for screen digests, added to the built-in ones. @default [] */
  masks?: readonly RegExp[];
  /** The shell command that re-records this test, quoted in error messages. */
  reRecord: string;
  /** Per-test limits of live model use. @default {} */
  budget?: ModelBudget;
  /** The test's counters, updated in place. */
  tally: CassetteTally;
}

/** Defaults of a test's cassette session (`CassetteSessionOptions`), set per test through the `agent` fixture's options. */
export const CASSETTE_SESSION = {
  /** On a replayed step whose screen differs from the recording: fail (`strict`) or continue live (`fallthrough`). @default 'strict' */
  divergence: 'strict',
  /** Masks for screen digests, added to the built-in ones. @default [] */
  masks: [],
  /** Per-test limits of live model use. @default {} */
  budget: {},
} as const satisfies Required<Pick<CassetteSessionOptions, 'divergence' | 'masks' | 'budget'>>;
