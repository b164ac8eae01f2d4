import { describe, expect, it } from 'vitest';
import { resolveAgentOptions } from '../../src/agent/options.js';
import { ConfigError } from '../../src/errors.js';

const save = async (name: string) => `out/${name}.png`;

describe('resolveAgentOptions', () => {
  it('converts seconds to ms and fills defaults', () => {
    const resolved = resolveAgentOptions({ model: 'm', saveScreenshot: save, delay: 0.05, duration: 1.2, screenshotInterval: 0.2 });
    expect(resolved).toMatchObject({
      model: 'm',
      saveScreenshot: save,
      delayMs: 50,
      maxSteps: 30,
      durationMs: 1200,
      intervalMs: 200,
      chunkMs: 60000,
      retry: { attempts: 4, baseDelay: 1000, maxDelay: 30000 },
      requestTimeout: 20000,
    });
    expect(resolveAgentOptions({ model: 'm', saveScreenshot: save, requestTimeout: 500 }).requestTimeout).toBe(500);
    expect(resolveAgentOptions({ model: 'm', saveScreenshot: save, retry: { attempts: 2 } }).retry).toEqual({ attempts: 2, baseDelay: 1000, maxDelay: 30000 });
    expect(resolveAgentOptions({ model: 'm', saveScreenshot: save }).durationMs).toBeUndefined();
  });

  it.each([
    [{ model: '' }, "Agent option 'model' is empty: pass a model name or set TMUX_SHOT_MODEL."],
    [
      { saveScreenshot: undefined },
      "Agent option 'outDir' is missing: pass the folder the screenshots are saved in, or saveScreenshot (a function that saves one and resolves to where it went).",
    ],
    [
      { saveScreenshot: undefined, outDir: '' },
      "Agent option 'outDir' is empty: pass the folder the screenshots are saved in, or saveScreenshot (a function that saves one and resolves to where it went).",
    ],
    [{ outDir: 'out' }, "Agent options 'outDir' and 'saveScreenshot' are both set: pass outDir for files in a folder, or saveScreenshot for other storage."],
    [{ saveScreenshot: undefined, outDir: 'out' }, "Agent option 'outDir' needs the AgentRunner of 'tmux-shot', which saves the files: agent/ writes none."],
    [{ maxSteps: 0 }, "Agent option 'maxSteps' must be a positive integer, got 0."],
    [{ maxSteps: 2.5 }, "Agent option 'maxSteps' must be a positive integer, got 2.5."],
    [{ delay: -1 }, "Agent option 'delay' must be a non-negative number of seconds, got -1."],
    [{ duration: 0 }, "Agent option 'duration' must be a positive number of seconds, got 0."],
    [{ screenshotInterval: Number.NaN }, "Agent option 'screenshotInterval' must be a positive number of seconds, got NaN."],
    [{ chunkSeconds: 0 }, "Agent option 'chunkSeconds' must be a positive number of seconds, got 0."],
    [{ requestTimeout: 0 }, "Agent option 'requestTimeout' must be a positive number of ms, got 0."],
    [{ requestTimeout: Number.POSITIVE_INFINITY }, "Agent option 'requestTimeout' must be a positive number of ms, got Infinity."],
  ])('rejects %j', (bad, message) => {
    expect(() => resolveAgentOptions({ model: 'm', saveScreenshot: save, ...bad })).toThrow(new ConfigError(message));
  });
});
