import { describe, expect, it } from 'vitest';
import { workingLine } from '../../components/panel/stages';

describe('workingLine while a PDF is read', () => {
  it('says how far the download or the parsing is', () => {
    expect(
      workingLine({
        stages: { read: { stage: 'read', status: 'running', detail: '3.0 of 12.0 MB downloaded' } },
      }),
    ).toBe('Reading the page… 3.0 of 12.0 MB downloaded');
  });

  it('says only the stage for a web page, which reports no detail while it reads', () => {
    expect(workingLine({ stages: { read: { stage: 'read', status: 'running' } } })).toBe(
      'Reading the page…',
    );
  });
});
