import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OPENED_IN_APP } from '@/lib/opened-in-app';
import { renderWithApp } from '@/test/render';
import { CreateChooser } from './create-chooser';

/** The chooser as a page uses it: open state owned outside, plus a second entry point. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New Project
      </button>
      <CreateChooser open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('CreateChooser', () => {
  it.each([
    ['Photo Post', '/create'],
    ['Video Post', '/create-reel'],
    ['Text Post', '/create'],
    ['Story', '/create-story'],
  ])('%s closes the dialog and goes to %s, marked as opened from the app', async (choice, path) => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<Page />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: choice }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe(path);
    expect(location.state).toEqual(OPENED_IN_APP);
  });

  it('opens from another entry point too, and gives focus back to it on close', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<Page />);
    const newProject = screen.getByRole('button', { name: 'New Project' });
    await user.click(newProject);
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(newProject).toHaveFocus();
    expect(location.history?.at(-1)).toBe('/');

    await user.click(newProject);
    await user.click(screen.getByRole('button', { name: 'Story' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/create-story');
  });
});
