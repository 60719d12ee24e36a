// Sample intelligence articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const intelligenceArticles: SampleInput[] = [
  {
    title: "Satellite Imagery Shows Rapid Construction on Disputed Reef Outpost, Analysts Say",
    slug: "satellite-imagery-shows-rapid-construction-on-disputed-reef-outpost-analysts-say",
    excerpt: "Commercial images reviewed by independent analysts show new piers, radar domes and a lengthened runway at an outpost in a disputed part of the South China Sea.",
    content: `Commercial satellite imagery reviewed by independent analysts shows a rapid expansion of facilities on a reef outpost in a disputed area of the South China Sea, including new piers, a lengthened runway and what appear to be radar domes.

The images, captured over several months by multiple commercial providers, show land reclamation along the outpost's northern edge and the construction of buildings consistent with hardened shelters. Analysts said the pace of work had increased noticeably since the start of the year.

**Features identified in the imagery:**

- A runway extended by several hundred metres, long enough for some combat aircraft
- Two new piers capable of berthing large patrol vessels
- At least three dome-shaped structures consistent with radar or communications equipment
- Several buildings that analysts assessed as possible munitions storage

Government officials in the region declined to comment directly on the imagery but reiterated calls for all claimant states to avoid actions that change the status quo. The country controlling the outpost has previously said that construction on features it administers serves civilian and defensive purposes.

The growing availability of high-resolution commercial imagery has transformed public understanding of military developments in the region. Independent research groups and news organisations now routinely track construction, ship movements and aircraft deployments, work that once depended on classified government sources.

Analysts cautioned that imagery alone cannot establish how facilities will be used, and that some structures may serve dual purposes. Further collection over the coming weeks is expected to clarify the purpose of several buildings still under construction. See also our [intelligence coverage](/category/intelligence).`,
    author: "Priya Raman",
    imageUrl: "/images/sample/satellite.svg",
    imageAlt: "Illustration of an Earth-observation satellite with solar panels orbiting above a coastline",
    isBreaking: true,
    hoursAgo: 8,
  },
  {
    title: "Eyes for Hire: How Commercial Space Is Reshaping Military Intelligence",
    slug: "eyes-for-hire-how-commercial-space-is-reshaping-military-intelligence",
    excerpt: "Commercial satellite imagery, radar and radio-frequency data have moved from a niche supplement to a core intelligence source. The shift brings speed and transparency, and new risks.",
    content: `For most of the Cold War, satellite reconnaissance was the preserve of a handful of governments. Today dozens of commercial companies operate constellations of imaging, radar and radio-frequency satellites, and their customers include defence ministries, intelligence agencies, news organisations and researchers. The war in Ukraine has shown how quickly this market has matured, and has raised difficult questions about its future.

## From supplement to core capability

Government agencies once treated commercial imagery as a useful supplement to classified systems, mainly for sharing with allies and the public. That has changed. Intelligence agencies now buy large volumes of commercial data under long-term contracts and integrate it into their own analysis.

### Three types of commercial sensors

- **Electro-optical imaging:** high-resolution photographs, revisiting many locations several times a day
- **Synthetic aperture radar (SAR):** images through cloud and at night, useful in regions with persistent cloud cover
- **Radio-frequency (RF) geolocation:** detecting and locating emitters such as radars and satellite phones

Combining these sources allows analysts to detect changes, track ships that switch off their transponders, and monitor military activity with a frequency that was once impossible.

## Why it matters

Commercial providers can share unclassified products quickly with allies, partners and even the public. This has allowed governments to expose military build-ups and counter disinformation. It has also given smaller countries access to intelligence capabilities they could not afford on their own.

> "The democratisation of space-based intelligence is real," a former intelligence official told this publication. "But it is not free, and it is not neutral. Somebody decides where the satellites look."

## The risks

### Dependency

Governments that rely on commercial providers must consider what happens if a company changes ownership, suspends service or comes under pressure from another state. Contracts increasingly include clauses on priority tasking and continuity of service, but there are no guarantees.

### Targeting

As commercial satellites become part of military operations, adversaries may regard them as legitimate targets. Some states have warned that commercial space infrastructure supporting military operations could be attacked, raising legal and policy questions that remain unresolved.

### Saturation

The sheer volume of data is a challenge in itself. Analysts increasingly rely on machine learning to flag changes, which raises questions of accuracy and accountability. Errors can spread quickly when imagery is shared publicly.

## Policy choices ahead

Governments face a series of decisions:

1. How much to invest in their own constellations versus buying commercial services
2. How to protect commercial satellites, including through diplomatic and legal measures
3. What rules to set for sales of high-resolution imagery to foreign customers
4. How to share commercial data with allies in a crisis without delays

## What to watch

Expect more long-term contracts between defence agencies and commercial providers, growing investment in SAR and RF constellations in Europe and Asia, and further debate over how to protect commercial space infrastructure in wartime. For related coverage, see our [intelligence section](/category/intelligence) and [analysis](/category/analysis).`,
    contentTier: "premium_analysis",
    author: "Priya Raman",
    isPremium: true,
    hoursAgo: 60,
  },
  {
    title: "Intelligence Chiefs Warn of Converging Threats in Annual Assessment",
    slug: "intelligence-chiefs-warn-of-converging-threats-in-annual-assessment",
    excerpt: "The annual threat assessment highlights cooperation among rival states, rapid advances in artificial intelligence and a rising tempo of cyber operations against critical infrastructure.",
    content: `U.S. intelligence agencies have published their annual threat assessment, warning that cooperation among rival powers, the spread of advanced technology and persistent regional conflicts are combining to create a more complex and dangerous security environment.

The unclassified report, presented to the congressional intelligence committees alongside closed-door briefings, summarises the collective judgements of the intelligence community on the most significant threats to U.S. interests over the coming year.

## Key judgements

- **Great-power competition:** rival states are deepening military and technological cooperation, including exchanges of weapons, components and expertise
- **Emerging technology:** advances in artificial intelligence and biotechnology could lower barriers to developing harmful capabilities
- **Cyber operations:** state-backed actors continue to pre-position in critical infrastructure networks, potentially for disruptive attacks in a crisis
- **Regional conflicts:** wars in Europe and the Middle East continue to draw resources and create risks of escalation
- **Transnational threats:** terrorist groups, drug trafficking networks and illicit finance remain persistent challenges

## A changing approach to disclosure

Intelligence agencies have become more willing in recent years to declassify and publish information, including warnings about adversaries' plans ahead of time. The assessment reflects that shift, with more detail on cyber activity and foreign influence operations than in previous years.

> "Our competitors are not waiting for a crisis to prepare the battlefield," the report states. "They are doing so today, in networks, supply chains and information spaces."

## Reactions in Congress

Members of both parties used the hearing to press officials on the intelligence community's resources and priorities. Several lawmakers asked how agencies plan to recruit and retain technical talent, while others questioned the use of commercially purchased data and the oversight of surveillance authorities that are due for reauthorisation.

## What's next?

The assessment will inform budget debates and oversight hearings in the coming months. Committees are expected to hold further closed sessions on specific regions and technologies. More [intelligence coverage](/category/intelligence).`,
    contentTier: "detailed_report",
    author: "James Okafor",
    hoursAgo: 120,
  },
  {
    title: "Reconnaissance Office Launches Latest Batch of Proliferated Satellites",
    slug: "reconnaissance-office-launches-latest-batch-of-proliferated-satellites",
    excerpt: "The National Reconnaissance Office has launched another group of small satellites for its proliferated architecture, which aims to provide more frequent coverage and greater resilience.",
    content: `The National Reconnaissance Office (NRO) has launched another batch of satellites for its proliferated architecture, a constellation of smaller, cheaper spacecraft intended to complement the agency's traditional large reconnaissance satellites.

The satellites lifted off from Vandenberg Space Force Base in California aboard a commercial rocket. As is customary, the NRO did not disclose the number of satellites or details of their sensors, but said the launch was one of several missions planned this year.

**Why proliferation?**

- More satellites mean more frequent revisits over areas of interest
- A large constellation is harder for an adversary to disrupt than a few expensive satellites
- Smaller spacecraft can be replaced and upgraded more often
- Commercial launch and manufacturing reduce cost and schedule

The NRO has described the proliferated architecture as a way to deliver intelligence to users faster, including to military units in the field. The agency works closely with the U.S. Space Force, which is building its own proliferated constellations for missile warning, missile tracking and data transport.

Officials have said the new architecture will not replace existing systems but will operate alongside them, with data fused on the ground. The agency has also expanded its use of commercial imagery and radar data under long-term contracts.

Space policy experts note that the trend toward large constellations is shared by other space powers, and that it raises questions about congestion in low Earth orbit and the potential for collisions and debris. The NRO said it follows established practices for tracking its satellites and disposing of them at the end of their service lives.

Further launches are planned over the coming months. For more, see our [intelligence coverage](/category/intelligence).`,
    author: "Tom Becker",
    hoursAgo: 190,
  },
  {
    title: "Armies Build Open-Source Intelligence Units as Social Media Reshapes the Battlefield",
    slug: "armies-build-open-source-intelligence-units-as-social-media-reshapes-the-battlefield",
    excerpt: "From geolocating videos to tracking supply routes, European militaries are formalising open-source intelligence cells, drawing on lessons from volunteer analysts and the war in Ukraine.",
    content: `Several European armed forces are establishing dedicated open-source intelligence (OSINT) units, formalising a discipline that until recently was driven largely by volunteer analysts, journalists and academic researchers.

## Why now?

The war in Ukraine has produced an unprecedented volume of publicly available information: smartphone videos, commercial satellite images, social media posts, shipping data and flight tracking. Volunteer analysts have used this material to identify units, locate equipment and verify claims, sometimes faster than official channels.

Military intelligence organisations have taken note. Open sources can be shared easily with allies and the public, and can provide context that classified collection lacks.

## What OSINT units do

- Geolocate and verify imagery and video from conflict zones
- Monitor social media for indicators of military activity
- Analyse commercial satellite imagery and ship and aircraft tracking data
- Support strategic communication by exposing disinformation with verifiable evidence

### Skills in demand

Militaries are recruiting from unusual backgrounds, including journalism, data science and linguistics. Some are creating reserve positions so that civilian experts can contribute part-time. Training courses increasingly emphasise verification methods, digital security and legal constraints.

## Legal and ethical questions

Working with open sources still raises legal questions, particularly concerning the collection of personal data about private individuals. European forces must comply with data protection law and national rules governing intelligence activities. Several countries are updating guidance to clarify what military OSINT units may and may not do.

> "Publicly available does not mean anything goes," a European military lawyer said. "Proportionality and purpose still matter."

## What's next?

Officials expect OSINT to become a routine part of intelligence training and planning across NATO, with alliance-level efforts to share tools and methods. See related [analysis](/category/analysis).`,
    contentTier: "detailed_report",
    author: "Elena Varga",
    hoursAgo: 590,
  },
];
