import { useState } from 'react';
import { useSignOut } from '../hooks/use-sign-out.ts';
import type { LandingData } from '../landing-data.ts';
import { AssistantDemo } from './AssistantDemo.tsx';
import { CallToAction } from './CallToAction.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { Mission } from './Mission.tsx';
import { PortalTabs } from './PortalTabs.tsx';
import { Pricing } from './Pricing.tsx';
import { ServiceComparison } from './ServiceComparison.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { StatsBar } from './StatsBar.tsx';
import { Team } from './Team.tsx';
import { Testimonials } from './Testimonials.tsx';
import { Transition } from './Transition.tsx';
import classes from './LandingPage.module.css';

/** The public page at `/`, in SPEC.md's section order. Rendered at build time and hydrated in the browser. */
export function LandingPage({ data }: { data: LandingData }) {
  const { companyName, contactEmail, contactPhone, copyrightYear } = data;
  const [isSignedIn, setIsSignedIn] = useState(data.isSignedIn);
  const signOut = useSignOut(() => setIsSignedIn(false));

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <SiteHeader
        companyName={companyName}
        contactEmail={contactEmail}
        isSignedIn={isSignedIn}
        onSignOut={() => void signOut.signOut()}
        isSigningOut={signOut.isPending}
      />
      {signOut.error ? (
        <p role="alert" className={classes.alert}>
          {signOut.error}
        </p>
      ) : null}
      <main id="main" tabIndex={-1}>
        <Hero companyName={companyName} contactEmail={contactEmail} />
        <StatsBar />
        <HowItWorks companyName={companyName} />
        <ServiceComparison companyName={companyName} />
        <PortalTabs />
        <AssistantDemo />
        <Pricing companyName={companyName} />
        <Testimonials />
        <Transition contactEmail={contactEmail} />
        <Team companyName={companyName} />
        <Mission />
        <CallToAction contactEmail={contactEmail} />
      </main>
      <SiteFooter
        companyName={companyName}
        contactEmail={contactEmail}
        contactPhone={contactPhone}
        copyrightYear={copyrightYear}
      />
    </>
  );
}
