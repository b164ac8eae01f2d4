// Writes what each test did to results.json, for the plugin's end-to-end tests.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @type {import('vitest/node').Reporter} */
export default class DumpReporter {
  onInit(vitest) {
    this.root = vitest.config.root; // the project's folder, also when Vitest runs from another one (--root)
  }

  onTestRunEnd(modules) {
    const root = this.root;
    const tests = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        id: `${module.project.name ? `[${module.project.name}] ` : ''}${relative(root, module.moduleId)} > ${test.fullName}`,
        state: test.result().state,
        errors: (test.result().errors ?? []).map((error) => error.message),
        artifacts: test.artifacts(),
        annotations: test.annotations(),
        retryCount: test.diagnostic()?.retryCount ?? 0,
        duration: test.diagnostic()?.duration,
      })),
    );
    writeFileSync(join(root, 'results.json'), JSON.stringify(tests, null, 1));
  }
}
