import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('reads hex colours and lays translucent text over its background', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // 45% black on white is #8c8c8c.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
    expect(contrastRatio('transparent', '#ffffff')).toBeNull();
  });
});
