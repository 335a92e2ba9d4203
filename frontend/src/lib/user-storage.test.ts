import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetUser, onForgetUser, userStorageKey } from './user-storage';

afterEach(() => localStorage.clear());

describe('user storage', () => {
  it("forgets every key of that user and nobody else's, and tells the stores", () => {
    localStorage.setItem(userStorageKey('cart', 1), '[1]');
    localStorage.setItem(userStorageKey('cart', 11), '[11]');
    localStorage.setItem(userStorageKey('cart', 2), '[2]');
    localStorage.setItem('epr_suggested', '[]');
    const heard = vi.fn();
    const stop = onForgetUser(heard);

    forgetUser(1);

    expect(localStorage.getItem('atelier.cart.1')).toBeNull();
    expect(localStorage.getItem('atelier.cart.11')).toBe('[11]');
    expect(localStorage.getItem('atelier.cart.2')).toBe('[2]');
    expect(localStorage.getItem('epr_suggested')).toBe('[]');
    expect(heard).toHaveBeenCalledWith(1);
    stop();
    forgetUser(2);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
