import { describe, expect, it } from 'vitest';
import { hasUnsavedFormInput, isUpdateDeferredPath, shouldShowUpdatePrompt } from '@/app/pwa/update-policy.ts';

const waiting = { needRefresh: true, dismissed: false, pathname: '/products', unsavedInput: false };

describe('shouldShowUpdatePrompt', () => {
  it('shows only when a new worker is waiting', () => {
    expect(shouldShowUpdatePrompt(waiting)).toBe(true);
    expect(shouldShowUpdatePrompt({ ...waiting, needRefresh: false })).toBe(false);
  });

  it('stays hidden after Later', () => {
    expect(shouldShowUpdatePrompt({ ...waiting, dismissed: true })).toBe(false);
  });

  it('waits while the user is in checkout and shows once they leave', () => {
    expect(shouldShowUpdatePrompt({ ...waiting, pathname: '/checkout' })).toBe(false);
    expect(shouldShowUpdatePrompt({ ...waiting, pathname: '/checkout/' })).toBe(false);
    expect(shouldShowUpdatePrompt({ ...waiting, pathname: '/cart' })).toBe(true);
  });

  it('waits while a form holds unsaved input', () => {
    expect(shouldShowUpdatePrompt({ ...waiting, unsavedInput: true })).toBe(false);
  });
});

describe('isUpdateDeferredPath', () => {
  it('matches /checkout and below, not look-alikes', () => {
    expect(isUpdateDeferredPath('/checkout')).toBe(true);
    expect(isUpdateDeferredPath('/checkout/payment')).toBe(true);
    expect(isUpdateDeferredPath('/checkouts')).toBe(false);
    expect(isUpdateDeferredPath('/')).toBe(false);
  });
});

describe('hasUnsavedFormInput', () => {
  function page(html: string): HTMLElement {
    const root = document.createElement('div');
    root.innerHTML = html;
    return root;
  }

  it('is false for empty forms and for inputs outside forms', () => {
    expect(hasUnsavedFormInput(page('<form><input name="n"><textarea></textarea></form>'))).toBe(false);
    const root = page('<input name="search">');
    (root.querySelector('input') as HTMLInputElement).value = 'camera';
    expect(hasUnsavedFormInput(root)).toBe(false);
  });

  it('is true once text is typed into a form field', () => {
    const root = page('<form><input type="email"><textarea></textarea></form>');
    (root.querySelector('textarea') as HTMLTextAreaElement).value = 'My door sticks';
    expect(hasUnsavedFormInput(root)).toBe(true);
  });

  it('ignores whitespace, read-only pickers, disabled and non-text inputs', () => {
    const root = page(
      '<form><input value="  "><input readonly value="Bundle"><input disabled value="x"><input type="number" value="2"><input type="checkbox" checked></form>',
    );
    expect(hasUnsavedFormInput(root)).toBe(false);
  });

  it('honours an explicit data-unsaved-changes marker', () => {
    expect(hasUnsavedFormInput(page('<div data-unsaved-changes="true"></div>'))).toBe(true);
    expect(hasUnsavedFormInput(page('<div data-unsaved-changes="false"></div>'))).toBe(false);
  });
});
