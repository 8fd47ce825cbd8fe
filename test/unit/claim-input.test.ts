import { describe, expect, it } from 'vitest';
import { claimProblem } from '../../lib/pipeline/claim-input';

describe('claimProblem', () => {
  it.each([
    'Mr Obama said race relations had improved during his presidency.',
    'The tower was finished around 280 BC',
    'Was it worth it, he asked, before leaving.',
    'Revenue for 2011 was $163 million.',
    // Headline style: no English function word, and still English.
    'Universe contains dark energy.',
    'Apple shares hit record high after strong iPhone sales.',
    // medium-3: numbers are in no language, and English writes "per" too.
    'So, $210,000 per year.',
    '$4,000 per sponsor, per episode comes to $310,000 per year.',
  ])('accepts %j', (claim) => {
    expect(claimProblem(claim)).toBeNull();
  });

  it.each([
    ['Obama', 'one-word'],
    ['  Obama.  ', 'one-word'],
    ['x'.repeat(2001), 'too-long'],
    [`${'The tower was finished around 280 BC. '.repeat(60)}`, 'too-long'],
    ['Did Obama say race relations improved?', 'question'],
    ['Who designed the lighthouse', 'question'],
    ['Der Leuchtturm wurde um 280 vor Christus fertiggestellt.', 'language'],
    ['Le président a dit que les relations raciales se sont améliorées.', 'language'],
    ['灯塔建于公元前280年左右。', 'language'],
    ['Маяк был построен около 280 года до н. э.', 'language'],
  ])('%j: %s', (claim, reason) => {
    const problem = claimProblem(claim);
    expect(problem?.reason).toBe(reason);
    expect(problem?.message.length).toBeGreaterThan(20);
  });

  it("accepts a claim in the page's language on a French, German, Spanish or Portuguese page", () => {
    expect(
      claimProblem('Le président a dit que les relations raciales se sont améliorées.', 'fr'),
    ).toBeNull();
    expect(
      claimProblem('Der Leuchtturm wurde um 280 vor Christus fertiggestellt.', 'de'),
    ).toBeNull();
    // Other scripts, and the other checks, still apply there.
    expect(claimProblem('灯塔建于公元前280年左右。', 'fr')?.reason).toBe('language');
    expect(claimProblem('Qui a voté la loi ?', 'fr')?.reason).toBe('question');
    expect(claimProblem('Obama', 'de')?.reason).toBe('one-word');
    // A page in a language the rules do not read keeps the English-only rule.
    expect(
      claimProblem('Der Leuchtturm wurde um 280 vor Christus fertiggestellt.', 'ja')?.reason,
    ).toBe('language');
  });
});
