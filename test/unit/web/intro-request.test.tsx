// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { WarmPathView } from '../../../shared/api/network';
import { IntroRequest } from '../../../web/components/intro-request';

afterEach(cleanup);

const path: WarmPathView = {
  investorId: 'inv-1',
  text: 'You know 1 person there: Anabel (partner at their firm)',
  people: [
    {
      name: 'Anabel Quist',
      email: 'anabel.quist@friends.example',
      linkedinUrl: null,
      position: 'Partner',
      company: 'Quist Ventures',
      relation: 'colleague',
      words: 'partner at their firm',
    },
  ],
};

describe('the intro request', () => {
  it('keeps what the founder types in the subject and the email, and opens it in their mail app', async () => {
    const user = userEvent.setup();
    render(<IntroRequest path={path} investor={{ name: 'Ben Ode', firmName: 'Quist Ventures' }} />);
    await user.click(screen.getByRole('button', { name: /^Ask for an intro/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for an intro to Ben Ode' });
    expect(dialog).toBeTruthy();

    const subject = screen.getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Intro?');
    const body = screen.getByLabelText('Your email to Anabel Quist');
    await user.clear(body);
    await user.type(body, 'Hi Anabel');

    // Typed letter by letter: every change is kept (the dialog stays open, the text is whole).
    expect(screen.getByRole('dialog', { name: 'Ask for an intro to Ben Ode' })).toBeTruthy();
    expect((body as HTMLTextAreaElement).value).toBe('Hi Anabel');
    expect(screen.getByRole('link', { name: 'Open in your email' }).getAttribute('href')).toBe(
      'mailto:anabel.quist@friends.example?subject=Intro%3F&body=Hi%20Anabel',
    );
  });
});
