import { IconMenu2, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { drafts, mailtoHref } from '../mailto.ts';
import { LogoMark } from './Logo.tsx';
import classes from './SiteHeader.module.css';

export const headerLinks = [
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#services', label: 'Services' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
] as const;

// SPEC §9: the header collapses under 768px and gains a shadow after 10px of scrolling.
const mobileQuery = '(max-width: 767.98px)';
const shadowOffset = 10;

type SiteHeaderProps = {
  companyName: string;
  contactEmail: string;
  isSignedIn: boolean;
  onSignOut: () => void;
  isSigningOut: boolean;
};

export function SiteHeader({
  companyName,
  contactEmail,
  isSignedIn,
  onSignOut,
  isSigningOut,
}: SiteHeaderProps) {
  const isScrolled = useScrolledPast(shadowOffset);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    const media = window.matchMedia(mobileQuery);
    // Widening the window past the breakpoint shows the full header: the open menu has no meaning there.
    const closeOnWide = () => {
      if (!media.matches) setIsMenuOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      toggle.current?.focus();
    };
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setIsMenuOpen(false);
    };
    media.addEventListener('change', closeOnWide);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => {
      media.removeEventListener('change', closeOnWide);
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnOutsidePress);
    };
  }, [isMenuOpen]);

  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header ref={header} className={classes.header} data-scrolled={isScrolled || undefined}>
      <div className={classes.inner}>
        <a href="#top" className={classes.brand} onClick={closeMenu}>
          <LogoMark />
          <span>{companyName}</span>
        </a>
        <button
          ref={toggle}
          type="button"
          className={classes.toggle}
          aria-expanded={isMenuOpen}
          aria-controls="site-menu"
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
          <span>Menu</span>
        </button>
        <div id="site-menu" className={classes.menu} data-open={isMenuOpen || undefined}>
          <nav aria-label="Main">
            <ul className={classes.links}>
              {headerLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={classes.link} onClick={closeMenu}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={classes.actions}>
            {isSignedIn ? (
              <>
                <a href="/dashboard" className={classes.primaryAction}>
                  Dashboard
                </a>
                <button
                  type="button"
                  className={classes.secondaryAction}
                  onClick={onSignOut}
                  disabled={isSigningOut}
                >
                  Sign Out
                </button>
              </>
            ) : (
              <>
                <a href="/auth" className={classes.secondaryAction}>
                  Login
                </a>
                <a href={mailtoHref(contactEmail, drafts.demo)} className={classes.primaryAction}>
                  Schedule a Demo
                </a>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
