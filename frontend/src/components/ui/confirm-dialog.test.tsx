import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function Asking({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Delete it</Button>}
      title="Delete thing?"
      description="This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks with its title, its consequence, Cancel first and the act', async () => {
    const user = userEvent.setup();
    render(<Asking onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete thing?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    // The least harmful choice takes the focus: Enter at once does not delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('does nothing on Cancel and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete it' })).toHaveFocus();
  });

  it('does nothing on Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete it' })).toHaveFocus();
  });

  it('acts on its button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays while busy: Escape does not close it and its buttons are disabled', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Asking onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    rerender(<Asking onConfirm={() => {}} busy />);
    await user.keyboard('{Escape}');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete thing?' });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
