import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Every file in vitest's usual order, except the scale tests (`*-scale.test.ts`), which
 * run last: their tens of thousands of investors stay in the shared table, and every recount a later
 * file runs would read them all.
 */
export default class IntegrationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isScale = (file: TestSpecification) => file.moduleId.endsWith('-scale.test.ts');
    return [...sorted.filter((file) => !isScale(file)), ...sorted.filter(isScale)];
  }
}
