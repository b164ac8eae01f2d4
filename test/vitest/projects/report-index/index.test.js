// Tests that publish a report's path in their meta as the tmuxApp fixture does (the files are
// stand-ins under reports/), and one that publishes none.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishReport } from '@repo/src/vitest/report-index.ts';
import { describe, expect, test } from 'vitest';

function report(task, name) {
  const path = join(import.meta.dirname, '.vitest-attachments/reports', `${name}-report.html`);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `<h1>${name}</h1>`);
  publishReport(task.meta, path);
}

describe('index', () => {
  test('passes', ({ task }) => {
    report(task, 'passes');
  });

  test('fails #1', ({ task }) => {
    report(task, 'fails #1');
    expect(1).toBe(2);
  });

  test('no report', () => {});
});
