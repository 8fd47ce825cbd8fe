// Runs the CLI's `main` in-process with captured output, as `npm run ask -- …` would.

import { main } from '../../cli/ask';

export async function runCli(
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(
    args,
    { write: (s: string) => (out += s) },
    { write: (s: string) => (err += s) },
  );
  return { code, out, err };
}
