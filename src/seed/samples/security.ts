// Sample security articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const securityArticles: SampleInput[] = [
  {
    title: "Cyberattack on Defense Supplier Disrupts Production of Aircraft Components",
    slug: "cyberattack-on-defense-supplier-disrupts-production-of-aircraft-components",
    excerpt: "A ransomware attack forced a mid-sized supplier of machined aircraft parts to shut down its production systems, renewing concerns about the security of the defense industrial base.",
    content: `A cyberattack on a mid-sized supplier of machined components for military and civilian aircraft has forced the company to shut down its production systems, according to a notice filed with regulators and statements from two of its customers. Investigators are treating the incident as a ransomware attack.

## What we know

The company, which employs around 900 people at plants in three states, said it detected "unauthorised activity" on its network early on Monday and isolated affected systems as a precaution. Manufacturing at two plants has been halted while the company restores systems from backups.

- Production systems, email and parts of the enterprise resource planning software are affected
- The company has engaged an external incident response firm and notified law enforcement
- It is not yet known whether controlled technical data was accessed

## Why it matters

The supplier produces parts for several military aircraft programmes, including components for fighters and helicopters. Prime contractors hold inventories that can absorb short disruptions, but a prolonged outage could delay deliveries.

The incident highlights a long-standing concern: smaller suppliers in the defense industrial base often lack the cybersecurity resources of large prime contractors, yet they hold sensitive data and play critical roles in production.

> "Adversaries go where the defences are weakest, and that is often the second or third tier of the supply chain," a former Defense Department cyber official said.

## Regulatory context

The Pentagon's Cybersecurity Maturity Model Certification (CMMC) programme is being phased into contracts, requiring suppliers that handle controlled unclassified information to meet specific security standards and, in many cases, to undergo third-party assessments. Industry groups have warned that compliance costs weigh heavily on small firms.

## What's next?

The company said it expects to restore partial production within days. Federal agencies are assessing whether the attack is linked to a broader campaign. This is a developing story. More [security coverage](/category/security).`,
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/cyber.svg",
    imageAlt: "Illustration of a padlock over a network of connected circuit lines",
    isBreaking: true,
    hoursAgo: 2,
  },
  {
    title: "Allied Cyber Agencies Issue Joint Warning on Attacks Targeting Defense Contractors",
    slug: "allied-cyber-agencies-issue-joint-warning-on-attacks-targeting-defense-contractors",
    excerpt: "Cybersecurity agencies from five countries published a joint advisory describing how a state-backed group breaches defense contractors through vulnerable internet-facing devices.",
    content: `Cybersecurity agencies from the United States, the United Kingdom, Canada, Australia and New Zealand have issued a joint advisory warning that a state-backed hacking group is targeting defense contractors and their suppliers by exploiting vulnerabilities in internet-facing devices such as VPN gateways, firewalls and email servers.

The advisory describes how the group gains initial access through unpatched devices, moves laterally through networks using legitimate administrative tools, and exfiltrates data related to weapons programmes, research and contracts. In several cases, the attackers maintained access for months before being detected.

**Recommended actions for organisations:**

- Patch internet-facing devices promptly and replace those no longer supported by vendors
- Enforce phishing-resistant multi-factor authentication for remote access and administrative accounts
- Monitor for unusual use of legitimate tools, such as remote management software
- Keep offline, tested backups and a rehearsed incident response plan
- Report suspected compromises to national cyber authorities

The agencies said the advisory was based on incident response engagements and intelligence reporting. It includes technical indicators that defenders can use to search their networks, though the agencies cautioned that the group frequently changes its infrastructure.

Joint advisories from the Five Eyes partners have become increasingly common and are intended to raise awareness among companies that may not have dedicated threat intelligence teams. Defense industry associations said they would distribute the guidance to their members, particularly smaller suppliers.

The advisory follows a separate incident that disrupted production at an aircraft parts supplier, though officials did not say whether the two were related. Further guidance is expected as investigations continue.`,
    isBreaking: true,
    hoursAgo: 14,
  },
  {
    title: "Drone Sightings Over Military Bases Expose Gaps in Counter-UAS Authorities",
    slug: "drone-sightings-over-military-bases-expose-gaps-in-counter-uas-authorities",
    excerpt: "Repeated drone incursions over military installations in Europe and the United States have exposed legal and technical gaps in how forces can detect and defeat small drones at home.",
    content: `Repeated sightings of unidentified drones over military bases in Europe and the United States have prompted officials to review the legal authorities and technical tools available to protect installations from small uncrewed aircraft.

## A persistent problem

Over the past year, military bases, airfields and defence industrial sites have reported a series of drone incursions, sometimes lasting hours and involving several aircraft at once. In many cases the drones were neither identified nor intercepted. Officials have said some incidents were probably caused by hobbyists, while others may have involved surveillance by foreign actors.

## Legal constraints

In peacetime, military forces operating at home are subject to laws governing aviation safety, communications and privacy. In the United States, specific statutes allow the Defense Department to act against drones threatening certain facilities, but the authority is limited to designated sites and circumstances. In many European countries, police forces rather than the military have primary responsibility for dealing with drones over domestic territory.

### Common gaps identified by officials

- Limited authority to jam or take control of drones near civilian areas
- Unclear division of responsibility between military, police and aviation authorities
- A shortage of sensors able to detect small drones in cluttered environments
- Difficulty attributing drones to their operators

## Technology options

Counter-drone systems range from radar and radio-frequency detectors to jammers, interceptor drones, high-power microwave and laser weapons. Each has trade-offs: jamming can disrupt civilian communications, while kinetic options risk debris falling on populated areas.

> "Detection is the first hurdle, and it is harder than people think," a NATO air defence officer said. "A small drone near a base looks a lot like a bird on radar."

## What's next?

Several governments are updating legislation to give forces clearer powers and are investing in layered counter-drone systems at key sites. Expect more exercises involving police and civil aviation authorities. For background, see our [land coverage](/category/land).`,
    contentTier: "detailed_report",
    author: "Tom Becker",
    hoursAgo: 80,
  },
  {
    title: "Port Security Exercise Tests Response to Simulated Attack on Military Cargo Hub",
    slug: "port-security-exercise-tests-response-to-simulated-attack-on-military-cargo-hub",
    excerpt: "Military police, coast guard units and port authorities rehearsed their response to a coordinated drone and sabotage attack on a port used to move military equipment to Europe.",
    content: `Military, coast guard and civilian authorities have completed a multi-day exercise at a major North Sea port, rehearsing their response to a simulated attack on facilities used to ship military equipment to NATO's eastern flank.

The scenario combined several incidents: a small drone swarm over the container terminal, a suspected explosive device on a quay, and a cyber intrusion into the port's logistics systems. Participants had to secure the area, keep essential operations running and coordinate with national authorities, all while commercial traffic continued in other parts of the port.

**Organisations taking part included:**

- Military police and engineer units
- Coast guard and maritime police
- The port authority and terminal operators
- Emergency services and local government officials
- National cyber response teams

Ports have gained importance in NATO planning as the alliance prepares to move large numbers of troops and vehicles across Europe at short notice. Many of those facilities are privately operated, and protecting them requires close cooperation between military and civilian organisations.

Officials said the exercise exposed friction points in communication between agencies, in particular the sharing of information between the port's private security staff and military units. Participants also practised relocating military cargo operations to alternate berths while investigators worked at the scene.

Exercise organisers said the results would be used to update contingency plans and would be shared with other ports involved in military mobility. Similar exercises are planned at Baltic and Mediterranean ports next year, with a greater focus on the cyber element, which participants described as the least rehearsed part of the scenario.`,
    author: "James Okafor",
    hoursAgo: 150,
  },
  {
    title: "GPS Jamming in the Baltic Region Disrupts Civil Flights and Shipping",
    slug: "gps-jamming-in-the-baltic-region-disrupts-civil-flights-and-shipping",
    excerpt: "Widespread interference with satellite navigation signals around the Baltic Sea is forcing airlines and shipping companies to adapt, as governments point to deliberate jamming and spoofing.",
    content: `Interference with satellite navigation signals around the Baltic Sea has become a persistent problem for airlines, shipping companies and other users, with thousands of flights affected in recent months. Governments in the region have attributed much of the interference to deliberate jamming and spoofing originating from Russian territory, including the Kaliningrad exclave.

## The scale of the problem

Aviation authorities and independent analysts tracking GPS interference report disruptions almost daily over parts of the Baltic Sea, Finland, Estonia, Latvia, Lithuania and Poland. Airliners flying in affected areas sometimes lose satellite navigation and must fall back on ground-based navigation aids or inertial systems.

### Types of interference

- **Jamming:** overpowering satellite signals so that receivers cannot compute a position
- **Spoofing:** broadcasting false signals that cause receivers to report an incorrect position
- **Meaconing:** rebroadcasting recorded signals with a time delay

## Effects on civilian users

For commercial aviation, the main consequence is a higher workload for pilots and air traffic controllers, particularly in poor weather. Some flights have had to divert or return to their departure airport. Ships have reported incorrect positions, raising concerns about navigation safety in busy waterways.

> "Each individual incident is manageable. The problem is that it has become the background noise of flying in this region," a European airline pilot said.

## Government responses

Baltic and Nordic governments have raised the issue with international aviation and maritime bodies and have urged investment in backup navigation. Measures under discussion include:

1. Maintaining and modernising ground-based navigation aids
2. Improving receivers' ability to detect spoofing
3. Sharing interference reports between states in real time
4. Exploring alternative positioning sources, such as signals from low Earth orbit satellites

## What's next?

The International Civil Aviation Organization and the International Maritime Organization have both discussed the problem, but practical solutions will take time. See our related coverage of [Baltic Sea security](/category/sea).`,
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    hoursAgo: 280,
  },
  {
    title: "EU Resilience Rules for Critical Infrastructure Take Effect as Member States Lag on Implementation",
    slug: "eu-resilience-rules-for-critical-infrastructure-take-effect-as-member-states-lag-on-implementation",
    excerpt: "New EU rules require operators of energy grids, transport hubs and other vital services to assess risks and plan for physical attacks, but many countries have yet to pass national laws.",
    content: `New European Union rules requiring operators of critical infrastructure to strengthen their resilience against physical threats have formally taken effect, but many member states have yet to complete the national legislation needed to apply them, officials and industry groups say.

The Critical Entities Resilience (CER) Directive covers eleven sectors, including energy, transport, banking, health, drinking water, digital infrastructure and space. It complements separate EU rules on cybersecurity, known as NIS2, and focuses on physical threats such as sabotage, terrorism, natural disasters and pandemics.

**Main obligations under the directive:**

- Member states must carry out national risk assessments and identify critical entities
- Designated entities must assess their own risks and take proportionate resilience measures
- Significant incidents must be reported to national authorities
- Entities providing services in several member states may receive additional oversight

Security concerns have grown since the sabotage of the Nord Stream pipelines in 2022 and a series of incidents involving undersea cables, rail networks and energy facilities. Defence officials increasingly describe critical infrastructure protection as part of national defence rather than purely a matter of civil protection.

Industry groups have welcomed clearer rules but warned about compliance costs and overlap with existing national regulations. Operators have also asked for better intelligence sharing from governments so they can assess threats realistically.

The European Commission has opened infringement procedures against several member states for failing to transpose the directive on time. Officials expect most countries to complete their legislation within the next year, after which national authorities will begin designating critical entities and reviewing their resilience plans. For related coverage, see [security](/category/security) and [politics](/category/politics).`,
    hoursAgo: 600,
  },
];
