// Tests that publish a report in their meta as the app fixtures do (the files are stand-ins under
// reports/), one that publishes none, and one that fails once, then passes on its retry.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishReport } from '@repo/src/vitest/evidence/report-index.ts';
import { describe, expect, test } from 'vitest';

function report(task, name, failed, reason) {
  const path = join(import.meta.dirname, '.vitest-attachments/reports', `${name}-report.html`);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `<h1>${name}</h1>`);
  publishReport(task.meta, { path, failed, ...(reason ? { reason } : {}) });
}

describe('index', () => {
  test('passes', ({ task }) => {
    report(task, 'passes', false);
  });

  test('fails #1', ({ task }) => {
    report(task, 'fails #1', true, 'expected 1 to be 2 // Object.is equality');
    expect(1).toBe(2);
  });

  test('flaky', { retry: 1 }, ({ task }) => {
    const retry = task.result.retryCount;
    report(task, `flaky--retry-${retry}`, retry === 0, retry === 0 ? 'first attempt fails' : undefined);
    if (retry === 0) throw new Error('first attempt fails');
  });

  test('no report', () => {});
});
