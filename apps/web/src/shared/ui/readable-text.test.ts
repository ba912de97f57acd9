import { describe, expect, it } from 'vitest';
import { isLightColor } from './readable-text';

describe('isLightColor', () => {
  it('tells light from dark backgrounds', () => {
    expect(isLightColor('#f4c95d')).toBe(true);
    expect(isLightColor('#fff')).toBe(true);
    expect(isLightColor('#1d6f42')).toBe(false);
    expect(isLightColor('rgb(230, 232, 236)')).toBe(true);
    expect(isLightColor('rgba(46, 160, 67, 0.35)')).toBe(false);
    expect(isLightColor('transparent')).toBe(false);
    expect(isLightColor(null)).toBe(false);
  });
});
