import middy from '@middy/core';
import type { Context, CustomMessageTriggerEvent } from 'aws-lambda';
import { authEmail, COGNITO_MESSAGE_KINDS } from '../../shared/email/auth-emails';
import { observability } from '../lib/middlewares/observability';

/**
 * Cognito's custom-message trigger (issue 32): the verification and password-reset emails in our
 * words, each kind with its own subject (Cognito's own template gives both the verification
 * message's subject). Any other message (an admin's invitation, MFA) is left as Cognito writes it.
 */
export function customMessage(event: CustomMessageTriggerEvent): CustomMessageTriggerEvent {
  const kind = COGNITO_MESSAGE_KINDS[event.triggerSource];
  if (!kind) return event;
  const email = authEmail(kind, event.request.codeParameter);
  event.response.emailSubject = email.subject;
  // Cognito sends the message as HTML: line breaks become <br>.
  event.response.emailMessage = email.text.replace(/\n/g, '<br>');
  return event;
}

export const handler = middy<CustomMessageTriggerEvent, CustomMessageTriggerEvent, Error, Context>()
  .use(observability())
  .handler(async (event) => customMessage(event));
