import { Duration, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CnameRecord, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailSenderProps {
  /** The From address of every email (`lambdas/lib/config.ts` `SES_FROM`); its domain is in `zone`. */
  readonly fromAddress: string;
  /** The public hosted zone that holds the sender's domain: its DKIM records are created there. */
  readonly zone: IHostedZone;
}

/**
 * Outgoing email: an SES domain identity for the sender's domain, verified with Easy DKIM records
 * written to the hosted zone, and a configuration set (TLS required, reputation metrics, bounces
 * and complaints suppressed). `grantSend` lets a function send only as the sender, only through
 * this configuration set; `AppFunction.bindEmail` uses it.
 */
export class EmailSender extends Construct {
  readonly fromAddress: string;
  /** The verified domain: the sender address's domain. */
  readonly domain: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailSenderProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;
    const domain = props.fromAddress.split('@')[1];
    if (!domain) throw new Error(`Not an email address: ${props.fromAddress}`);
    this.domain = domain;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(domain),
      configurationSet: this.configurationSet,
    });

    // Easy DKIM: three CNAME records; SES verifies the domain once they resolve.
    this.identity.dkimRecords.forEach((record, index) => {
      new CnameRecord(this, `Dkim${index + 1}`, {
        zone: props.zone,
        recordName: record.name,
        domainName: record.value,
        ttl: Duration.hours(1),
      });
    });
  }

  get configurationSetName(): string {
    return this.configurationSet.configurationSetName;
  }

  /** ARN of the configuration set (SESv2 authorises SendEmail against it too). */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSetName,
    });
  }

  /** Allows sending email from the sender address only, through this identity and configuration set. */
  grantSend(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [this.identity.emailIdentityArn, this.configurationSetArn],
        conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
      }),
    );
  }
}
