import { describe, expect, it } from 'vitest';
import { ZGameQuery, ZPriceItem, ZProjectName } from './control.ts';

describe('control contracts', () => {
  it('accepts project names and refuses path tricks', () => {
    expect(ZProjectName.safeParse('familytown').success).toBe(true);
    for (const bad of ['', '../etc', 'a b', 'x'.repeat(65), '-lead']) {
      expect(ZProjectName.safeParse(bad).success).toBe(false);
    }
  });

  it('requires projectName on game queries', () => {
    expect(ZGameQuery.safeParse({}).success).toBe(false);
    expect(ZGameQuery.parse({ projectName: ' neuroarena ' })).toEqual({ projectName: 'neuroarena' });
  });

  it('types price values as numbers', () => {
    const item = { id: 'p1', ruTitle: 'Монеты', ruValue: 99, enTitle: 'Coins', enValue: 1.99, logoName: 'coins.svg' };
    expect(ZPriceItem.parse(item)).toEqual(item);
    expect(ZPriceItem.safeParse({ ...item, ruValue: '99' }).success).toBe(false);
  });
});
