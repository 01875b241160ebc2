import { describe, expect, it } from 'vitest';
import { CognitoRelay } from '../../../infra/local/cognito-relay';

/** A code delivery as cognito-local prints it (boxen, round border), for one address. */
const box = (email: string, code: string) =>
  [
    '╭──────────────────────────────────────────╮',
    '│                                          │',
    '│   Confirmation Code Delivery             │',
    '│                                          │',
    `│   Username:    ${email}   │`,
    `│   Destination: ${email}   │`,
    `│   Code:        ${code}                    │`,
    '│                                          │',
    '╰──────────────────────────────────────────╯',
  ].join('\n');

// An address nothing listens on: delivery to the inbox fails quietly; the relay remembers the code first.
const relay = () => new CognitoRelay('http://127.0.0.1:9', 'noreply@example.com');

describe("the local relay of cognito-local's codes", () => {
  it('reads every box, however the output is cut into chunks', () => {
    const r = relay();
    const text = `log line\n${box('a@example.com', '111111')}\nanother log\n${box('b@example.com', '222222')}\n`;
    // Cut everywhere, including inside the box-drawing characters' neighbours.
    for (let i = 0; i < text.length; i += 7) r.onOutput(text.slice(i, i + 7));
    expect(r.codeFor('a@example.com')).toBe('111111');
    expect(r.codeFor('B@example.com')).toBe('222222');
  });

  it('keeps the second of two boxes when the first lost its end marker', () => {
    const r = relay();
    const broken = box('c@example.com', '333333').replace('╯', '?');
    r.onOutput(`${broken}\n${box('d@example.com', '444444')}\n`);
    expect(r.codeFor('c@example.com')).toBe('333333');
    expect(r.codeFor('d@example.com')).toBe('444444');
  });
});
