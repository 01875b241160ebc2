import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../shared/messages';
import {
  CODE_VALID_MINUTES,
  DATA_REQUEST_LIMITS,
  dataRequestMessages,
  LINK_VALID_HOURS,
  MAX_CODE_ATTEMPTS,
} from '../../../shared/privacy/data-requests';
import { useDocumentTitle } from '../../components/use-document-title';
import { useHydrated } from '../../components/use-hydrated';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';

/**
 * `/privacy` (issue 30): what we keep about investors, where it comes from, who sees it, and how a
 * person listed is removed or corrected ("This is me" on their profile, or by writing to us). Linked
 * from the footer and from "This is me".
 */
export function PrivacyPage() {
  useDocumentTitle('Privacy');
  const contact = useHydrated() ? getRuntimeConfig().feedbackEmail : null;
  const { perAddress } = DATA_REQUEST_LIMITS;
  return (
    <Container className="py-lg-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h2 mb-3">Privacy: what we keep about investors</h1>
      <p className="lead">
        {BRAND} is a directory of investors that founders search, and whose contact details founders can buy.
        If you are listed, this page says what we hold about you and how to have it removed or corrected.
      </p>

      <h2 className="h4 mt-4">What we keep</h2>
      <ul>
        <li>
          Public facts about an investor: name, firm, title, investor type, the stages and sectors invested
          in, places, cheque size and portfolio.
        </li>
        <li>
          Contact details: email, phone, LinkedIn, Twitter and Crunchbase addresses, each with where it came
          from and when it was last confirmed.
        </li>
        <li>
          Who bought a contact and when, so buyers get the updates they paid for, and any request to hide or
          correct an entry, so it is kept hidden.
        </li>
      </ul>

      <h2 className="h4 mt-4">Where it comes from</h2>
      <ul>
        <li>Lists our admins import, each recorded with its source name and address.</li>
        <li>
          Investors themselves, through a partner firm&apos;s portal: their own profile, listed after our
          review, selling only the contact details they chose to offer.
        </li>
        <li>Corrections our admins make when a founder reports wrong data.</li>
      </ul>

      <h2 className="h4 mt-4">Who sees what</h2>
      <p>
        Anyone can see an investor&apos;s public facts and which kinds of contact detail we hold, never the
        details themselves. A founder sees a contact detail only after buying it, and keeps what they bought.
      </p>

      <h2 className="h4 mt-4">How to be removed or corrected</h2>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <ol className="mb-0">
            <li>
              Open your profile in the directory (search for your name) and choose &ldquo;
              {dataRequestMessages.button}&rdquo;.
            </li>
            <li>
              Choose to hide your entry from founders, or to tell us what to correct. We send a code to the
              email address the directory holds for you, never to an address typed on the page, so only the
              person who reads that inbox can act.
            </li>
            <li>
              Enter the code. A hidden entry leaves search, profiles and future exports at once, and no later
              import brings it back. A correction goes to our admins, who fix the entry.
            </li>
          </ol>
        </Card.Body>
      </Card>
      <p className="small text-body-secondary">
        A code is valid for {CODE_VALID_MINUTES} minutes, can be tried {MAX_CODE_ATTEMPTS} times and used
        once; the email's link works on its own for {LINK_VALID_HOURS} hours. We send at most one email a day
        for one investor (asking again that day reuses it), and take at most {perAddress.max} requests an hour
        from one connection. Founders who bought your contact before you were hidden keep the copy they paid
        for; nobody can buy it afterwards.
      </p>
      <p>
        If we hold no email address for you, or the code does not reach you, write to us
        {contact ? (
          <>
            {' '}
            at <a href={`mailto:${contact}`}>{contact}</a>
          </>
        ) : null}{' '}
        with the address of your profile, and we will help. Investors who joined through a portal can also
        withdraw their profile or any contact detail from their own{' '}
        <Link to={paths.myInvestorProfile.href()}>investor profile</Link> at any time.
      </p>
    </Container>
  );
}
