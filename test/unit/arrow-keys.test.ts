// components/panel/arrow-keys.ts: where an arrow key leads among the source chips or quotes.
import { describe, expect, it } from 'vitest';
import { arrowTarget } from '../../components/panel/arrow-keys';

describe('arrowTarget', () => {
  it('moves forward with Right and Down, back with Left and Up, wrapping at both ends', () => {
    expect(arrowTarget('ArrowRight', 0, 3)).toBe(1);
    expect(arrowTarget('ArrowDown', 2, 3)).toBe(0);
    expect(arrowTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(arrowTarget('ArrowUp', 2, 3)).toBe(1);
  });
  it('jumps to the ends with Home and End, and ignores other keys', () => {
    expect(arrowTarget('Home', 2, 3)).toBe(0);
    expect(arrowTarget('End', 0, 3)).toBe(2);
    expect(arrowTarget('Enter', 1, 3)).toBeNull();
    expect(arrowTarget('Tab', 1, 3)).toBeNull();
  });
});
