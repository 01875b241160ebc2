import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accessPatterns } from '../lambdas/lib/table/models';

/**
 * The table of named access patterns in `docs/data-model.md`, generated from the registry in
 * `lambdas/lib/table/models.ts` (the patterns of `items/`) between the markers below (`npm run docs:data-model`); a unit test
 * checks that the doc is current.
 */
export const DATA_MODEL_DOC = 'docs/data-model.md';
export const START = '<!-- access-patterns:start -->';
export const END = '<!-- access-patterns:end -->';

const shown = (value: string) => value.replaceAll('\uffff', '\\uffff');

/** One row per pattern: its call, the index, the key condition with `<argument>` placeholders, what for. */
export function accessPatternTable(): string {
  const rows = Object.entries(accessPatterns).map(([name, pattern]) => {
    const args = pattern.doc.params.map((param) => `<${param}>`);
    const query = (pattern as (...a: string[]) => ReturnType<typeof pattern>)(...args);
    const values = query.ExpressionAttributeValues;
    const condition = query.KeyConditionExpression.replace(':pk', shown(values[':pk'] ?? '')).replace(
      ':sk',
      `'${shown(values[':sk'] ?? '')}'`,
    );
    return `| \`${name}(${pattern.doc.params.join(', ')})\` | ${pattern.doc.index} | \`${condition}\` | ${pattern.doc.description} |`;
  });
  return [
    '| access pattern | index | key condition | what for |',
    '| -------------- | ----- | ------------- | -------- |',
    ...rows,
  ].join('\n');
}

/** The doc with the generated table between its markers. */
export function withAccessPatternTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DATA_MODEL_DOC} has no ${START} … ${END} markers`);
  return `${doc.slice(0, start + START.length)}\n${accessPatternTable()}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DATA_MODEL_DOC, withAccessPatternTable(readFileSync(DATA_MODEL_DOC, 'utf8')));
  console.log(
    `${DATA_MODEL_DOC}: access-pattern table written (${Object.keys(accessPatterns).length} patterns)`,
  );
}
