// Sample land articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const landArticles: SampleInput[] = [
  {
    title: "Army Awards $1.2 Billion Low-Rate Production Contract for Armored Reconnaissance Vehicle",
    slug: "army-awards-12-billion-low-rate-production-contract-for-armored-reconnaissance-vehicle",
    excerpt: "The award moves the long-delayed programme from prototyping to the factory floor, covering the first 112 vehicles plus spares, training devices and initial logistics support.",
    content: `The U.S. Army has awarded a $1.2 billion low-rate initial production (LRIP) contract for its Armored Reconnaissance Vehicle, moving the long-delayed programme out of testing and onto the factory floor. The award, announced late on Tuesday, covers the first 112 vehicles plus spares, training devices and initial logistics support.

## Contract details

The contract went to Meridian Land Systems, which beat two rival teams in a competitive prototyping phase that ran for almost three years. Options in the agreement could raise the total value to roughly $3.4 billion if the Army exercises follow-on lots through the end of the decade.

### What the Army is buying

- A tracked, 38-tonne vehicle with a crew of three and space for a four-soldier scout team
- A remotely operated 30mm turret with an integrated launcher for loitering munitions
- A mast-mounted sensor suite combining thermal imaging, laser designation and a short-range radar
- An open electronic architecture intended to accept new sensors without major redesign

**Initial operational capability** is planned for the first cavalry squadron roughly 30 months after contract award.

## Why it matters

Armored reconnaissance has been a recognised gap in the Army's heavy brigades since the retirement of dedicated scout vehicles, with units relying on modified infantry fighting vehicles instead. Lessons from the war in Ukraine, where small drones and artillery punish anything that lingers in the open, pushed the service to emphasise signature management and unmanned teaming in its requirements.

> "This vehicle is designed to find the enemy first and let sensors, not soldiers, make the first contact," the programme manager said in a statement. "Production is where we prove we can deliver that at scale."

## Cost, schedule and risk

Government auditors have flagged software integration as the main schedule risk. The vehicle's mission system shares code with other Army platforms, and a delay in one programme can ripple into the others. The Army says it has funded an additional integration laboratory to reduce that exposure, and that the contract includes incentives tied to reliability growth during early production.

## What's next?

Initial operational testing is scheduled to begin next year at a major Army training centre, followed by a full-rate production decision in 2028 if the vehicle meets its reliability targets. Lawmakers are expected to review the programme during the next budget cycle. See more of our [land warfare coverage](/category/land).`,
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/tank.svg",
    imageAlt: "Illustration of a tracked armored vehicle with a turret crossing open terrain",
    isBreaking: true,
    hoursAgo: 1.5,
  },
  {
    title: "Fire at Army Ammunition Plant Halts 155mm Shell Production Line",
    slug: "fire-at-army-ammunition-plant-halts-155mm-shell-production-line",
    excerpt: "No injuries were reported after a fire broke out in a metal parts building at the Ridgeway Army Ammunition Plant, pausing one of the lines central to the Army's artillery surge.",
    content: `A fire broke out overnight in a metal parts forging building at the government-owned, contractor-operated Ridgeway Army Ammunition Plant, forcing a temporary halt to one of the production lines that make 155mm artillery shell bodies. Plant officials said all personnel were evacuated and **no injuries were reported**.

Local fire crews, supported by the plant's own emergency team, brought the blaze under control within about three hours. The cause is under investigation, but an initial assessment suggests the fire started in a hydraulic system serving one of the forging presses rather than in an area where energetic materials are stored.

**What we know so far:**

- The affected building produces empty shell bodies; no explosives are handled there
- Two other forging lines at the site continue to operate
- Army Contracting Command has been notified and is assessing schedule impacts

The incident comes at a sensitive moment. The Army has been working to raise monthly 155mm output as part of a multiyear effort to rebuild stockpiles drawn down by deliveries to Ukraine and to meet its own training and war-reserve needs. Forging capacity has been one of several bottlenecks, alongside explosive fill and propellant production.

An Army Materiel Command spokesperson said it was "too early to estimate" how long the line would be offline, but that the service had "built redundancy into the industrial base precisely for events like this." Shell bodies from other suppliers could partially offset the lost output while repairs are made.

Congressional staff on the armed services committees have requested a briefing on the incident, according to two people familiar with the matter. Further updates are expected once the investigation team completes its initial site survey later this week.`,
    isBreaking: true,
    hoursAgo: 11,
  },
  {
    title: "Poland Receives Latest Batch of K2 Tanks as Local Production Plans Take Shape",
    slug: "poland-receives-latest-batch-of-k2-tanks-as-local-production-plans-take-shape",
    excerpt: "The delivery brings Poland's K2 fleet closer to equipping another armoured brigade, while Warsaw and Seoul work out how much of the follow-on order will be built in Poland.",
    content: `Poland's armed forces have taken delivery of another batch of K2 main battle tanks from South Korea, continuing a rapid rearmament drive that has made the country one of the largest buyers of land systems in Europe. The vehicles arrived by sea at the port of Gdynia before being moved by rail to units in the east of the country.

The K2, built by Hyundai Rotem, was selected in 2022 as part of a package of South Korean equipment that also included K9 self-propelled howitzers and FA-50 light combat aircraft. The first executive contract covered 180 tanks in their Korean configuration; a second contract covers further vehicles and a transition to a Polish variant, designated **K2PL**, with upgraded armour and an active protection system.

### Local production

The most closely watched part of the programme is the planned transfer of production to Poland. Under the framework agreement, Polish state-owned defence group PGZ is expected to assemble a growing share of K2PL tanks domestically. Officials on both sides describe the negotiations as constructive but complex, covering:

1. The share of components to be manufactured locally
2. Licences for the fire-control system and powerpack
3. Export rights for tanks produced in Poland

Polish defence officials have said the goal is to build a sustainable domestic tank industry rather than simply assemble kits. Industry analysts caution that the timelines are ambitious given the need to train workers and qualify new suppliers.

Poland also operates American M1A2 Abrams tanks and older Leopard 2 variants, making its armoured force one of the most diverse in NATO. Military planners acknowledge that the mix complicates logistics and training, but argue that it reduces reliance on any single supplier at a time of high demand for armoured vehicles across the alliance.`,
    author: "Elena Varga",
    hoursAgo: 30,
  },
  {
    title: "Precision Strike Missile Hits Moving Maritime Target in Extended-Range Flight Test",
    slug: "precision-strike-missile-hits-moving-maritime-target-in-extended-range-flight-test",
    excerpt: "The Army says the test validated a new seeker and extended the missile's demonstrated range, a step toward using land-based launchers against ships in the Indo-Pacific.",
    content: `The U.S. Army has completed a flight test of its Precision Strike Missile (PrSM) in which the weapon struck a moving maritime target at what officials described as an extended range. The test, conducted at a Pacific test range, is part of an effort to give ground forces a meaningful role in sea denial.

PrSM, developed by Lockheed Martin, is replacing the Army Tactical Missile System (ATACMS) as the service's long-range surface-to-surface weapon. It is fired from the same HIMARS and M270 launchers, but each launcher pod carries two missiles instead of one.

**Key points from the test:**

- The missile used a multi-mode seeker intended to find and track ships
- Targeting data was passed from an off-board sensor through the Army's fires network
- Observers from the Marine Corps and allied partners attended the event

The maritime capability is central to the Army's multi-domain task forces, units that combine long-range fires, electronic warfare and intelligence assets. Several of these formations are expected to operate along the first island chain, where land-based missiles could complicate an adversary's naval operations.

Officials declined to give the exact range achieved, citing operational security, but said the shot exceeded the missile's initial baseline requirement of 499 kilometres.

The Army plans further tests with the new seeker over the next 18 months before fielding the capability in quantity. Budget documents show the service intends to buy several hundred missiles over the next five years, though final quantities will depend on congressional appropriations and production capacity.

Analysts say the key question is not the missile itself but the targeting chain that feeds it. "Hitting a ship at range is a sensor and communications problem as much as a missile problem," said a former Army fires officer. Finding, tracking and confirming a target at sea in the presence of jamming and decoys will test the Army's networks as much as its launchers.`,
    author: "Tom Becker",
    hoursAgo: 75,
  },
  {
    title: "European Artillery Shell Output Climbs, but Propellant Remains the Bottleneck",
    slug: "european-artillery-shell-output-climbs-but-propellant-remains-the-bottleneck",
    excerpt: "European manufacturers are producing far more 155mm ammunition than three years ago, yet nitrocellulose and explosives capacity still limit how fast output can grow.",
    content: `European defence manufacturers have significantly increased their production of 155mm artillery ammunition since 2022, according to figures compiled by industry associations and government officials. But the expansion is uneven, and the supply of **propellant and energetic materials** remains the single biggest constraint on further growth.

## From shells to charges

Producing a complete artillery round involves several distinct industrial steps: forging the steel body, filling it with high explosive, manufacturing fuzes, and producing the propellant charges that launch the projectile. Each step has its own supply chain and its own bottlenecks.

Shell-body production has proved the easiest to scale. Forging lines can be added relatively quickly, and several companies have converted existing metalworking capacity. Explosives and propellant are a different matter. They depend on chemicals such as nitrocellulose, which in turn depends on cotton linters or wood pulp, and on specialised plants that take years to permit and build.

### Where capacity is growing

- **Germany:** new lines for shells and charges, with Rheinmetall expanding at several sites
- **Nordic countries:** investment in nitrocellulose and powder production
- **France and Central Europe:** increased output of propellant modules and fuzes
- **United Kingdom:** refurbishment of legacy facilities and new contracts for shell filling

## The money question

The European Union has supported the ramp-up through its Act in Support of Ammunition Production (ASAP), which co-funds industrial projects alongside national contracts. Manufacturers have repeatedly said that long-term orders, rather than one-off grants, are what justify building new plants.

> "Nobody builds a propellant factory on the strength of a one-year contract," said an executive at a European ammunition company. "We need visibility to the end of the decade."

## What's next?

Officials expect European output to keep rising through next year, but warn that demand from Ukraine, from national stockpile rebuilding and from export customers will remain higher than supply for some time. For deeper context, read our [analysis coverage](/category/analysis) of the munitions gap.`,
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    hoursAgo: 140,
  },
  {
    title: "German Brigade in Lithuania Expands as Barracks and Training Areas Take Shape",
    slug: "german-brigade-in-lithuania-expands-as-barracks-and-training-areas-take-shape",
    excerpt: "Germany's first permanently stationed brigade abroad since the Second World War is growing steadily, while Lithuania races to complete the infrastructure it promised to build.",
    content: `Germany's armoured brigade in Lithuania continues to grow as both countries push to reach full operational capability by 2027. Several hundred soldiers are already stationed in the country, and larger contingents of combat units are expected to arrive as new barracks are completed.

## A historic deployment

The brigade, Panzerbrigade 45, is the first German combat brigade permanently stationed outside the country's territory since the Second World War. When complete, it is expected to number around 4,800 soldiers and some 200 civilian staff, based mainly at Rūdninkai near Vilnius and Rukla near Kaunas.

Lithuania has committed to building the infrastructure, including:

1. Barracks and family housing for German personnel
2. Maintenance facilities for tanks and infantry fighting vehicles
3. Expanded training areas capable of hosting live-fire manoeuvres
4. Schools and medical services for families

## Challenges on the ground

Officials in both countries acknowledge that the schedule is tight. Construction prices have risen sharply, and demand for qualified contractors in the Baltic region is high as Estonia and Latvia also expand military facilities. German officials have worked to make postings to Lithuania attractive, offering allowances and support for families who relocate.

> "The brigade is not only a military unit, it is a political message," a Lithuanian defence official said. "It has to be visible, credible and permanent."

## Why it matters for NATO

The deployment is part of NATO's broader shift on its eastern flank from a tripwire posture toward forward defence, in which allied forces are positioned to defend territory from the outset of a conflict rather than retake it later. The brigade will be integrated into Lithuanian national defence plans and NATO's regional plans.

Debate continues in Berlin over how to fund the deployment over the long term, a discussion closely tied to the wider German defence budget. Follow our [politics coverage](/category/politics) for the budget negotiations.`,
    contentTier: "detailed_report",
    author: "Elena Varga",
    hoursAgo: 260,
  },
  {
    title: "Marine Corps Tests Autonomous Resupply Vehicles During Coastal Exercise",
    slug: "marine-corps-tests-autonomous-resupply-vehicles-during-coastal-exercise",
    excerpt: "Unmanned ground vehicles and small cargo drones delivered fuel, water and ammunition to dispersed units during a week-long exercise simulating operations on a contested coastline.",
    content: `The U.S. Marine Corps has tested a mix of autonomous ground vehicles and cargo drones to resupply small, dispersed units during a coastal exercise, as the service looks for ways to sustain forces that may be operating within range of enemy missiles.

During the week-long event, Marine logistics units used optionally crewed tactical trucks and several types of vertical take-off cargo drones to move supplies between a simulated expeditionary advanced base and outlying positions. Loads included water, batteries, fuel bladders, medical supplies and small-arms ammunition.

**Findings highlighted by exercise planners:**

- Autonomous convoys reduced the number of Marines exposed on roads during daylight
- Cargo drones were most useful for urgent, low-weight items such as batteries and blood products
- Charging and refuelling the unmanned systems added a new logistics burden of its own
- Communications disruption remained the biggest operational risk

The Marine Corps' Force Design initiative envisions small teams spread across islands and coastlines, making traditional supply lines harder to maintain. Officials have repeatedly described logistics as the pacing function of that concept.

Exercise leaders said that while the technology performed largely as expected, the main lessons were about procedures: how to plan routes that avoid detection, how to prioritise loads when only a few drone sorties are available, and how to recover vehicles that break down in the field.

The data collected will inform requirements for future procurement, including a possible programme of record for medium-lift cargo drones. Budget constraints mean the service is likely to buy in modest quantities at first, officials said, expanding once operating concepts and maintenance support have matured.`,
    author: "James Okafor",
    hoursAgo: 410,
  },
  {
    title: "Army Outlines Modernization Priorities for the Coming Decade",
    slug: "army-outlines-modernization-priorities-for-the-coming-decade",
    excerpt: "Long-range fires, air and missile defence and networked command systems top a list of priorities presented to industry at an annual conference.",
    content: `The U.S. Army has presented its modernization priorities for the coming decade to industry representatives, highlighting long-range fires, integrated air and missile defence, and networked command and control as the areas most likely to receive new investment.

Speaking at an annual industry conference, senior Army acquisition officials said the service intends to concentrate resources on a smaller number of programmes and move faster on those it does fund. Several legacy upgrade efforts are expected to be curtailed or cancelled to free up money.

**Priorities presented to industry:**

1. Long-range precision fires, including missiles and extended-range artillery
2. Integrated air and missile defence against drones, cruise missiles and aircraft
3. A unified tactical network linking sensors, shooters and headquarters
4. Next-generation combat vehicles, with greater use of robotics
5. Soldier lethality, including new rifles, night-vision devices and training systems

Officials also emphasised the importance of software. The Army wants more programmes to adopt open architectures and continuous software updates, rather than large block upgrades delivered years apart. Industry representatives welcomed the direction but asked for clearer contracting models that reward rapid delivery.

Budget pressures loom over the plans. With personnel and operating costs rising, modernization accounts face competition from readiness and infrastructure spending. Analysts noted that previous modernization plans have often been scaled back once detailed budgets were drawn up.

The Army said it would publish more detailed roadmaps for each priority area over the coming months and hold follow-on sessions with industry to discuss requirements and timelines.

*This article has been archived and may not reflect subsequent decisions.*`,
    status: "archived",
    hoursAgo: 620,
  },
];
