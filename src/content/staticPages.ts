/**
 * Built-in texts for the site's static pages and the sample business contacts.
 * "{SITE_NAME}" is replaced with the configured site name at runtime.
 * All addresses, phone numbers and e-mail domains are fictional placeholders.
 */
import { STATIC_PAGE_IDS, type StaticPageId } from "../schemas/pages.js";

export { STATIC_PAGE_IDS, type StaticPageId };

export const builtInPages: Record<StaticPageId, { title: string; content: string }> = {
  about: {
    title: "About Us",
    content: `{SITE_NAME} is an independent publication covering defense, military affairs and national security. We report on the forces, programmes, budgets and policies that shape how nations protect themselves, and we explain what those decisions mean for the people who serve, the taxpayers who fund them and the public they are meant to protect.

## What we cover

Our reporting is organised around seven desks:

- **Land** – armies, armoured and artillery programmes, infantry modernisation and ground-based air defence
- **Sea** – navies, shipbuilding, submarines, maritime security and undersea infrastructure
- **Air** – air forces, combat aircraft, drones, tankers and airlift
- **Intelligence** – intelligence agencies, space-based reconnaissance and oversight
- **Security** – cyber security, critical infrastructure, terrorism and homeland defense
- **Politics** – defense budgets, legislation, alliances and arms control
- **Analysis** – in-depth assessments, explainers and long-form reporting

## How we work

We rely on public documents, official statements, budget justification books, court and regulatory filings, interviews with serving and former officials, industry executives and independent experts. Where we grant anonymity, we do so only when a source would face real risk by speaking on the record, and we explain why in the article.

We do not publish classified information that could endanger lives or ongoing operations. When reporting touches on sensitive matters, our editors weigh the public interest carefully and, where appropriate, seek comment from the relevant authorities before publication.

## Independence

{SITE_NAME} is editorially independent. Advertisers, sponsors and partners have no influence over what we cover or how we cover it, and sponsored content is always clearly labelled. Members of our newsroom do not accept gifts or paid travel from companies or governments they cover.

## Premium analysis

Alongside our free news coverage, we publish premium analysis for readers who need deeper insight into procurement, force structure and strategy. Subscriptions help fund the reporting that everyone can read.

## Get in touch

We welcome tips, corrections and feedback. Visit our [contact page](/contact) or read our [corrections policy](/corrections) to learn how we handle errors.`,
  },
  "editorial-team": {
    title: "Editorial Team",
    content: `The {SITE_NAME} newsroom brings together reporters and editors with backgrounds in journalism, the armed forces, government service and academic research. Together we aim to deliver reporting that is accurate, fair and useful to professionals and general readers alike.

## Leadership

- **Editor-in-Chief** – sets editorial direction and standards and has final responsibility for everything we publish
- **Managing Editor** – runs the daily news operation, assigns stories and coordinates breaking news coverage
- **Standards Editor** – oversees sourcing, fact-checking and our corrections process

## Desks and correspondents

- **Land warfare correspondent** – armies, ground combat vehicles, artillery and munitions
- **Naval correspondent** – fleets, shipbuilding and maritime security
- **Air and space correspondent** – combat aircraft, drones, missiles and military space programmes
- **Intelligence and security correspondent** – intelligence agencies, cyber security and critical infrastructure
- **Politics and budget correspondent** – Congress, defense budgets, NATO and European defence policy
- **Senior analyst** – premium analysis and long-form assessments

Articles without an individual byline are produced by our staff, usually from multiple contributors, and are edited to the same standards as bylined work.

## Our standards

Every article is reviewed by at least one editor before publication. We distinguish clearly between news reporting and analysis, and we label opinion where it appears. Reporters disclose potential conflicts of interest to their editors, and staff members may not hold shares in defense companies they cover.

## Contributors

We occasionally publish work by freelance journalists and outside experts. Contributors are held to the same standards as staff and must disclose relevant affiliations, which we note at the end of their articles.

## Contact the newsroom

Story ideas and tips can be sent to the editorial desk at editor@example.com. For sensitive information, please see our [contact page](/contact) for advice on how to reach us safely.`,
  },
  "privacy-policy": {
    title: "Privacy Policy",
    content: `This policy explains what information {SITE_NAME} collects when you use this website, why we collect it and how long we keep it. We collect as little as we need to run the publication.

## Page views and statistics

We record page views so that we know which articles are read. **We do not store IP addresses.** To count unique visitors, we combine technical details of each request with a secret salt that changes every day and store only the resulting hash. Because the salt rotates daily, the hash cannot be used to recognise you from one day to the next. To protect the site against abuse, we also keep short-lived request counters, which are likewise keyed by a hash rather than by your address.

## Cookies

We do not set cookies for readers. The only cookie this website uses is the session cookie of the site administrator, which is set when the administrator signs in to manage the publication and is needed to keep that session secure.

## Reading list

When you use the "Save" button to add an article to your reading list, the list is stored in your own browser only. It is never sent to our servers, and you can clear it at any time by removing it from your list or clearing your browser's site data.

## Newsletter

If you subscribe to our newsletter, we store your e-mail address so that we can send it to you. We keep your address until you unsubscribe. Every newsletter e-mail contains a one-click unsubscribe link; once you use it, we stop sending you mail.

## Comments

To post a comment, you must provide a name and an e-mail address. Your name is published with your comment. **Your e-mail address is never published**; we use it only to moderate comments and, if necessary, to contact you about your comment.

## Premium sign-up requests

If you request a premium subscription, we store your e-mail address and the plan you chose so that we can process and manage your request.

## Sharing your information

We do not sell personal information and we do not share it with advertisers. We disclose information only where required by law.

## Your rights

You may ask us what personal information we hold about you, and ask us to correct or delete it. Contact us at privacy@example.com and we will respond as soon as possible.

## Changes to this policy

We may update this policy when our practices change. The current version is always available on this page.`,
  },
  "terms-of-service": {
    title: "Terms of Service",
    content: `These terms govern your use of the {SITE_NAME} website. By using the site, you agree to them. If you do not agree, please do not use the site.

## Use of content

All articles, analysis, graphics and other materials published on {SITE_NAME} are protected by copyright. You may read, share links to and quote short excerpts from our content for personal, non-commercial use, provided you credit {SITE_NAME} and link to the original article. Republishing full articles, systematic copying or automated collection of our content requires our written permission.

## Premium content

Some analysis is available only to premium subscribers. Subscriptions are personal and may not be shared. We may change the content included in a subscription or its price, and will inform subscribers of price changes in advance.

## Comments and contributions

You are responsible for the comments you post. Comments must not be unlawful, defamatory, abusive, threatening or infringing, and must not disclose classified information or personal details of others. We moderate comments and may edit, refuse or remove them at our discretion. By posting a comment, you grant us a non-exclusive right to display it on the site.

## Accuracy of information

We work hard to make our reporting accurate and up to date, and we correct errors promptly under our [corrections policy](/corrections). Our content is provided for information only and does not constitute professional, legal, investment or operational advice.

## External links

Our articles may link to other websites. We are not responsible for the content or privacy practices of those sites.

## Availability

We aim to keep the site available at all times but cannot guarantee uninterrupted access. We may modify or discontinue features without notice.

## Limitation of liability

To the extent permitted by law, {SITE_NAME} is not liable for any loss arising from your use of the site or reliance on its content.

## Changes to these terms

We may revise these terms from time to time. Continued use of the site after changes are published means you accept the revised terms. Questions about these terms can be sent to legal@example.com.`,
  },
  contact: {
    title: "Contact Us",
    content: `We want to hear from you, whether you have a news tip, a question about our coverage or a business enquiry. The quickest way to reach the right person is to use one of the addresses below.

## Newsroom

- **Editorial desk:** editor@example.com
- **News tips:** tips@example.com
- **Corrections:** corrections@example.com
- **Phone:** +1 (703) 555-0142 (weekdays, 9 a.m. to 6 p.m. Eastern Time)

We read every message, although we cannot reply to all of them. If you are contacting us about a specific article, please include its headline or link.

## Sending sensitive information

If you have information about defense programmes, procurement or policy that you believe is in the public interest, we want to hear it. Please consider the following:

- Use a personal device and a personal e-mail account, not equipment or accounts provided by your employer
- Do not send classified material; describe what you know and we will discuss how to proceed
- Tell us how you would prefer to be contacted

We protect our sources and will not reveal your identity without your consent.

## Business enquiries

- **Advertising and partnerships:** advertising@example.com, +1 (703) 555-0167
- **Careers:** careers@example.com
- **Privacy questions:** privacy@example.com
- **Legal matters:** legal@example.com

## Postal address

**{SITE_NAME}**, 1200 Sentry Plaza, Suite 500, Arlington, VA 22209, United States

We do not accept unsolicited deliveries of equipment or samples at this address. Press releases should be sent by e-mail.`,
  },
  careers: {
    title: "Careers",
    content: `{SITE_NAME} is always interested in hearing from talented journalists, editors and specialists who care about rigorous, independent reporting on defense and national security.

## Who we look for

Our newsroom combines experienced reporters with people who bring expertise from the armed forces, government, industry and research. We value:

- Curiosity and the persistence to follow a story through budget documents, contracts and hearings
- Accuracy, fairness and a commitment to verifying before publishing
- Clear writing that makes complex subjects understandable without oversimplifying them
- Subject-matter knowledge in areas such as procurement, naval affairs, air power, cyber security or European defence policy

Military or government experience is welcome but not required. Many of our best reporters learned the subject on the job.

## Working with us

We are a small, collaborative team based in Arlington, Virginia, with correspondents working remotely. We offer flexible working arrangements, support for professional development and training in areas such as data journalism and open-source investigation.

## Open positions

We advertise current vacancies on this page and through professional networks. At present we are particularly interested in hearing from:

- **Reporters** with experience covering Congress and defense budgets
- **Freelance correspondents** in European and Indo-Pacific capitals
- **Data journalists** able to analyse contracts, budgets and open-source information

## How to apply

Send a short cover letter, your CV and three examples of published work to careers@example.com. Please mention the role you are applying for in the subject line. We review every application and will contact shortlisted candidates within a few weeks.

## Internships

We offer a limited number of paid internships each year for students and recent graduates interested in defense journalism. Details are published here when applications open.

{SITE_NAME} is an equal opportunity employer. We welcome applications from people of all backgrounds.`,
  },
  partnerships: {
    title: "Partnerships",
    content: `{SITE_NAME} works with selected organisations to bring high-quality defense and security coverage to wider audiences. We are open to partnerships that serve our readers and respect our editorial independence.

## Types of partnership

- **Content syndication** – licensing selected news and analysis for publication by other media organisations, libraries and research institutions
- **Events** – media partnerships with conferences, symposia and expert panels on defense, security and technology
- **Research collaborations** – joint projects with universities and think tanks, such as data-driven studies of procurement and budgets
- **Newsletters and briefings** – customised briefings for organisations that need regular updates on specific topics

## Our principles

All partnerships are governed by our editorial standards:

1. Partners have no influence over our news coverage or analysis
2. Any partner involvement in a publication or event is clearly disclosed to readers
3. We do not enter partnerships that would compromise our independence or create conflicts of interest for our reporters
4. We do not accept partnerships with organisations subject to international sanctions

## Institutional access

Universities, government libraries, military academies and research organisations can arrange institutional access to our premium analysis for their staff and students. Pricing depends on the size of the organisation and the scope of access.

## Get in touch

To discuss a partnership, please write to partnerships@example.com with a short description of your organisation and your proposal. Our partnerships team will respond within five working days. For advertising enquiries, see our [advertising page](/advertise).`,
  },
  advertise: {
    title: "Advertise With Us",
    content: `{SITE_NAME} reaches an engaged audience of defense professionals, policymakers, industry leaders, analysts and readers with a serious interest in military affairs and national security.

## Our audience

Our readers include:

- Officers and civilian staff in defense ministries and the armed forces
- Congressional and parliamentary staff working on defense and security
- Executives, engineers and business development teams in the defense industry
- Analysts at think tanks, consultancies and financial institutions
- Journalists, academics and students

## Advertising options

- **Display advertising** – placements on our homepage, category pages and articles
- **Newsletter sponsorship** – a clearly labelled sponsor message in our newsletter
- **Sponsored content** – articles produced for or by advertisers, always labelled as sponsored and kept separate from our journalism
- **Event promotion** – packages for conferences, trade shows and webinars

## Our standards for advertising

We accept advertising from companies, associations and public bodies, provided that it is lawful, accurate and clearly distinguishable from editorial content. We reserve the right to decline any advertisement. Advertisers have no influence over our reporting, and our journalists are not involved in producing sponsored content.

## Rates and media kit

Rates depend on placement, duration and format. To receive our current media kit and audience figures, please contact our advertising team:

- **E-mail:** advertising@example.com
- **Phone:** +1 (703) 555-0167

We usually respond within two working days.`,
  },
  legal: {
    title: "Legal Notice",
    content: `This legal notice provides information about the publisher of this website and the terms under which its content is made available.

## Publisher

**{SITE_NAME}**, 1200 Sentry Plaza, Suite 500, Arlington, VA 22209, United States

- **E-mail:** legal@example.com
- **Phone:** +1 (703) 555-0100

## Editorial responsibility

The Editor-in-Chief is responsible for the editorial content of this website. Questions about specific articles should be sent to the editorial desk at editor@example.com.

## Copyright

All content on this website, including articles, analysis, graphics, logos and the site design, is protected by copyright and other intellectual property laws. Unless stated otherwise, rights belong to {SITE_NAME}. Reproduction, distribution or modification beyond the limits set out in our [terms of service](/terms-of-service) requires prior written permission.

Third-party trademarks, product names and company names mentioned in our coverage belong to their respective owners and are used for identification only.

## Disclaimer

Our content is provided for general information purposes. While we take great care to ensure accuracy, we make no warranty that the information is complete or current. Nothing on this website constitutes legal, financial, investment or operational advice.

## Links to other websites

This website contains links to external websites. We have no control over their content and accept no responsibility for it. Linking does not imply endorsement.

## Legal correspondence

Formal notices, including requests concerning alleged copyright infringement or defamation, should be sent by e-mail to legal@example.com or by post to the address above. Please include a clear description of the content concerned and the basis of your request.`,
  },
  corrections: {
    title: "Corrections Policy",
    content: `Accuracy is at the heart of {SITE_NAME}'s journalism. When we make a mistake, we correct it promptly and transparently.

## How to report an error

If you believe we have published something inaccurate, please write to corrections@example.com. Include the headline or link of the article, the passage you believe is wrong and, where possible, a source that supports the correction. Every report is reviewed by an editor.

## How we correct

- **Factual errors** – such as wrong figures, dates, names, designations or quantities – are corrected in the article, and a correction note at the end of the article describes what was changed and when
- **Minor errors** – such as spelling or formatting mistakes that do not change the meaning – are fixed without a note
- **Significant errors** – where a mistake affects the substance of a story, we add a prominent editor's note at the top of the article and, if appropriate, publish a separate correction
- **Updates** – when a developing story changes because of new information, we note that the article has been updated, distinguishing updates from corrections

## What we do not do

We do not remove articles simply because their subject would prefer they were not published. We remove or anonymise content only in exceptional circumstances, for example where publication endangers someone's safety or where required by law, and we note the change where we can.

## Clarifications

Sometimes an article is accurate but could be misunderstood. In such cases we may add a clarification to make the meaning clear.

## Responses and right of reply

Individuals and organisations named in our reporting may request the opportunity to respond. Where a response adds relevant information, we will consider updating the article to include it.

## Review

The Standards Editor reviews corrections regularly to identify patterns and improve our reporting processes.`,
  },
};

export const sampleContacts: {
  id: string;
  label: string;
  email: string;
  phone: string | null;
  description: string | null;
  isActive: boolean;
  displayOrder: number;
}[] = [
  {
    id: "editorial_desk",
    label: "Editorial Desk",
    email: "editor@example.com",
    phone: "+1 (703) 555-0142",
    description: "News tips, story ideas and questions about our coverage. For corrections, write to corrections@example.com.",
    isActive: true,
    displayOrder: 0,
  },
  {
    id: "advertising_sales",
    label: "Advertising & Partnerships",
    email: "advertising@example.com",
    phone: "+1 (703) 555-0167",
    description: "Display advertising, newsletter sponsorship, syndication and institutional access.",
    isActive: true,
    displayOrder: 1,
  },
  {
    id: "press_office",
    label: "Press Office",
    email: "press@example.com",
    phone: null,
    description: "Media enquiries and interview requests for our editors and analysts.",
    isActive: false,
    displayOrder: 2,
  },
];
