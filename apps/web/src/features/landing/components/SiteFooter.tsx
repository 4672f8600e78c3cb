import { IconMail, IconPhone } from '@tabler/icons-react';
import { drafts, mailtoHref } from '../mailto.ts';
import { LogoMark } from './Logo.tsx';
import classes from './SiteFooter.module.css';

const quickLinks = [
  { href: '#services', label: 'Services' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#team', label: 'About Us' },
] as const;

type SiteFooterProps = {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  copyrightYear: string;
};

export function SiteFooter({ companyName, contactEmail, contactPhone, copyrightYear }: SiteFooterProps) {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.about}>
          <p className={classes.brand}>
            <LogoMark size={28} />
            {companyName}
          </p>
          <p className={classes.blurb}>
            AI-powered HOA management with human oversight, for boards, residents, managers, developers and
            vendors.
          </p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className={classes.heading}>
            Quick Links
          </h2>
          <ul className={classes.links}>
            {quickLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={classes.heading}>Contact</h2>
          <ul className={classes.links}>
            <li>
              <a href={`mailto:${contactEmail}`} className={classes.contact}>
                <IconMail size={18} aria-hidden />
                {contactEmail}
              </a>
            </li>
            <li>
              {/* Percent-encoded: phone dialers decode it, and it keeps the setting's own formatting. */}
              <a href={`tel:${encodeURIComponent(contactPhone)}`} className={classes.contact}>
                <IconPhone size={18} aria-hidden />
                {contactPhone}
              </a>
            </li>
          </ul>
          <a href={mailtoHref(contactEmail, drafts.contact)} className={classes.send}>
            Send Message
          </a>
        </div>
      </div>
      <div className={classes.bottom}>
        <p>
          © {copyrightYear} {companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
