import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as models from '../../../lambdas/lib/table/models';
import { accessPatterns } from '../../../lambdas/lib/table/models';
import { indexPartitions, inPartition, tablePartitions } from '../../../lambdas/lib/table/partitions';
import { DATA_MODEL_DOC, withAccessPatternTable } from '../../../scripts/data-model-patterns';

describe("docs/data-model.md's access patterns", () => {
  it('the table between the markers is the one generated from the models (npm run docs:data-model)', () => {
    const doc = readFileSync(DATA_MODEL_DOC, 'utf8');
    expect(doc).toBe(withAccessPatternTable(doc));
  });

  it('lists every named pattern of the models exactly once', () => {
    const doc = readFileSync(DATA_MODEL_DOC, 'utf8');
    const named = Object.entries(models)
      .filter(([, value]) => typeof value === 'function' && 'doc' in value && 'keysOf' in value)
      .map(([name]) => name)
      .sort();
    expect(Object.keys(accessPatterns).sort()).toEqual(named);
    const listed = [...doc.matchAll(/^\| `(\w+)\(/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(named);
  });

  it("each pattern reads a partition the table's partition list names (least privilege is granted by it)", () => {
    for (const [name, pattern] of Object.entries(accessPatterns)) {
      const args = pattern.doc.params.map((param) => `x${param}`);
      const query = (pattern as (...a: string[]) => ReturnType<typeof pattern>)(...args);
      const partition = String(query.ExpressionAttributeValues[':pk']);
      const known = Object.keys(
        pattern.doc.index === 'table' ? tablePartitions : indexPartitions[pattern.doc.index],
      );
      expect(
        known.some((p) => inPartition(p, partition)),
        `${name}: ${partition}`,
      ).toBe(true);
      expect(query.index).toBe(pattern.doc.index === 'table' ? undefined : pattern.doc.index);
    }
  });
});
