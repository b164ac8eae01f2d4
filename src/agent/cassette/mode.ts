/**
 * Cassette modes, copying Vitest snapshot semantics (pure): `auto` locally, `replay` when `CI` is
 * set, `record` and `live` forced by `TMUX_SHOT_CASSETTES` or per test.
 */
import { CASSETTE } from '../../defaults.js';
import { ConfigError } from '../../errors.js';

/**
 * - `auto`: replay the cassette if it exists, else record when a model is configured, else fail.
 * - `replay`: never call a model; a missing cassette fails and nothing is written.
 * - `record`: call the model and (re)write the cassette.
 * - `live`: call the model, ignore cassettes (nightly canaries).
 */
export type CassetteMode = 'auto' | 'replay' | 'record' | 'live';

const MODES: readonly CassetteMode[] = ['auto', 'replay', 'record', 'live'];

/**
 * The mode of a test: its own `requested` mode; else `live` for a test that brings its own model
 * (`ownModel`: the fixture's `agentModel`, a scripted model, deterministic and free); else
 * `TMUX_SHOT_CASSETTES`; else `replay` when `CI` is set (to anything but `false` or `0`); else `auto`.
 * @throws {ConfigError} for an unknown mode name in the environment.
 */
export function resolveCassetteMode(requested: CassetteMode | undefined, env: Readonly<Record<string, string | undefined>>, ownModel = false): CassetteMode {
  if (requested) return requested;
  if (ownModel) return 'live';
  const forced = env[CASSETTE.modeVariable];
  if (forced) {
    if (!MODES.includes(forced as CassetteMode)) {
      throw new ConfigError(`${CASSETTE.modeVariable}='${forced}' is not a cassette mode: use one of ${MODES.join(', ')}.`);
    }
    return forced as CassetteMode;
  }
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? 'replay' : 'auto';
}

/** What a test does with its cassette, once the mode and the file are known. */
export type CassetteAction = 'replay' | 'record' | 'live' | 'missing';

/** `auto` replays an existing cassette and records a missing one; `replay` reports a missing one. */
export function decideCassetteAction(mode: CassetteMode, exists: boolean): CassetteAction {
  if (mode === 'live' || mode === 'record') return mode;
  if (exists) return 'replay';
  return mode === 'auto' ? 'record' : 'missing';
}
