import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is the first Tab stop and moves focus past the navigation into the page', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/home">Home</a>
        </nav>
        <div id={MAIN_CONTENT_ID} tabIndex={-1}>
          <button type="button">In the page</button>
        </div>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.getElementById(MAIN_CONTENT_ID)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'In the page' })).toHaveFocus();
  });
});
