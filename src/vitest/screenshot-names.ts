/**
 * Screenshot names inside one test, as Vitest's `toMatchScreenshot` names them: an explicit name,
 * or the test's full name plus a counter (`menu > opens 1`, `menu > opens 2`…). The counter starts
 * again when Vitest retries or repeats the test, so a retry compares against the same baselines.
 */
import { ConfigError } from '../errors.js';

/** The test asking for a name. */
export interface NamedTest {
  /** Vitest's task id (stable across retries). */
  id: string;
  /** Full test name without the file: suites and test joined by ` > `. */
  fullName: string;
  /** Which run of the test this is: the retry and repeat counts, e.g. `'0:0'`. */
  attempt: string;
}

interface TestNames {
  attempt: string;
  /** Counter value of the shared name key when this test first asked. */
  base: number;
  /** Auto-names handed out in this attempt. */
  count: number;
  explicit: Set<string>;
}

/**
 * Hands out screenshot names for the tests of one worker. Tests that share a full name (Vitest
 * allows it) continue each other's counter, so their auto-names never collide.
 */
export class ScreenshotNames {
  readonly #tests = new Map<string, TestNames>();
  readonly #counters = new Map<string, number>();

  /**
   * The name of the next screenshot of `test`: `explicit` as given, or `<fullName> <n>`.
   * @throws {ConfigError} when `explicit` was already used in this run of the test.
   */
  next(test: NamedTest, explicit?: string): string {
    const names = this.#namesOf(test);
    if (explicit !== undefined) {
      if (names.explicit.has(explicit)) {
        throw new ConfigError(
          `The screenshot name '${explicit}' is used twice in test '${test.fullName}'. ` +
            `Give each toMatchScreenshot call in a test its own name, or omit names to number them.`,
        );
      }
      names.explicit.add(explicit);
      return explicit;
    }
    names.count += 1;
    const number = names.base + names.count;
    this.#counters.set(test.fullName, Math.max(this.#counters.get(test.fullName) ?? 0, number));
    return `${test.fullName} ${number}`;
  }

  #namesOf(test: NamedTest): TestNames {
    let names = this.#tests.get(test.id);
    if (!names) {
      names = { attempt: test.attempt, base: this.#counters.get(test.fullName) ?? 0, count: 0, explicit: new Set() };
      this.#tests.set(test.id, names);
    } else if (names.attempt !== test.attempt) {
      names.attempt = test.attempt;
      names.count = 0;
      names.explicit.clear();
    }
    return names;
  }
}
